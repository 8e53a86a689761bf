package wiretruth

import (
	"context"
	"fmt"
	"sync"

	"golang.org/x/mod/semver"
)

// firstMinor is the oldest minor release mcplint supports, per SDK.
var firstMinor = map[SDK][2]int{GoSDK: {1, 0}, MCPGo: {0, 25}}

// served reports whether the module proxy serves sdk at version.
func served(ctx context.Context, sdk SDK, version, work string) bool {
	_, err := goCmd(ctx, work, "mod", "download", "-json", sdk.Module()+"@"+version)
	return err == nil
}

// Discover asks the module proxy for the newest patch of every minor release of sdk from the
// first supported one: patches 0 to 9 of each minor, a minor with none ends the major, and a
// major whose first minor has none ends the search.
func Discover(ctx context.Context, sdk SDK, work string) []Version {
	var out []Version
	major, minor := firstMinor[sdk][0], firstMinor[sdk][1]
	for {
		found := newestPatch(ctx, sdk, major, minor, work)
		if found == "" {
			if minor == 0 || (major == firstMinor[sdk][0] && minor == firstMinor[sdk][1]) {
				break
			}
			major, minor = major+1, 0
			continue
		}
		out = append(out, Version{sdk, found})
		minor++
	}
	return out
}

// newestPatch probes vMAJOR.MINOR.0 to .9 at once and returns the newest served, or "".
func newestPatch(ctx context.Context, sdk SDK, major, minor int, work string) string {
	var (
		mu     sync.Mutex
		newest string
		wg     sync.WaitGroup
	)
	for patch := range 10 {
		v := fmt.Sprintf("v%d.%d.%d", major, minor, patch)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if served(ctx, sdk, v, work) {
				mu.Lock()
				if newest == "" || semver.Compare(v, newest) > 0 {
					newest = v
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return newest
}
