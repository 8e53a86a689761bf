package driver_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/engine"
)

// TestStandardLibraryInFull runs every analyzer, every rule on, over every package of the
// standard library and its tests checked in full (no scope narrows it): no crash, no load
// failure, no finding. It takes a while and GBs of memory, so it runs only when asked:
//
//	MCPLINT_STD=1 go test -run TestStandardLibraryInFull -timeout 30m ./internal/driver
func TestStandardLibraryInFull(t *testing.T) {
	if os.Getenv("MCPLINT_STD") == "" {
		t.Skip("set MCPLINT_STD=1 to analyse the whole standard library")
	}
	cfg := analyzers.NewConfig()
	cfg.Enable = []string{"all"}
	cfg.Portability = "strict"
	as, err := analyzers.New(cfg)
	require.NoError(t, err)
	out, err := engine.Run(context.Background(), engine.Options{Dir: t.TempDir(), Patterns: []string{"std"}, Tests: true, Analyzers: as})
	require.NoError(t, err)
	assert.Empty(t, out.PackageErrors)
	assert.Empty(t, out.Crashes)
	assert.Empty(t, out.Findings)
	assert.Zero(t, out.Skipped)
	t.Logf("%d packages analysed", out.Checked)
}
