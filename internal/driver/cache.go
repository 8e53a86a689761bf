package driver

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint-go/mcplint/analyzers"
)

// CacheEnv names the environment variable that moves the result cache (a directory) or
// turns it off ("off").
const CacheEnv = "MCPLINT_CACHE"

// resultCache says where a run keeps its outcome for the next run over unchanged code, and
// the driver's part of the key: the configuration and the mcplint executable's build ID (so
// that a new mcplint never replays an old one's findings). dir is "" when there is no cache:
// turned off, under -v (which runs in full to say where the time goes), or nowhere to keep it.
func resultCache(s Setup, cfg *analyzers.Config, verbose bool) (dir, key string) {
	setting := lookupEnv(s.Env, CacheEnv)
	if verbose || setting == "off" {
		return "", ""
	}
	dir = setting
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return "", ""
		}
		dir = filepath.Join(base, "mcplint", "results")
	}
	tool, err := vetToolID("")
	if err != nil {
		return "", ""
	}
	conf, err := json.Marshal(cfg)
	if err != nil {
		return "", ""
	}
	return dir, tool + "\n" + Version() + "\n" + string(conf)
}

// lookupEnv reads a variable of env, or of the process when env is nil.
func lookupEnv(env []string, name string) string {
	if env == nil {
		return os.Getenv(name)
	}
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], name+"="); ok {
			return v
		}
	}
	return ""
}
