package driver

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/analyzers"
)

// ConfigError is an invalid configuration: the run stops with exit status 2.
type ConfigError struct {
	Source string // the file, or "flags"
	Err    error
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("invalid configuration in %s:\n%s", e.Source, indent(e.Err.Error()))
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n  ")
}

// loadConfig reads the configuration: the file named by -config, or .mcplint.yaml found from
// dir up to the module root, or the defaults. It returns the path it read ("" for defaults).
func loadConfig(dir, file string) (*analyzers.Config, string, error) {
	if file == "" {
		cfg, path, err := analyzers.LoadConfig(dir)
		if err != nil {
			src := path
			if src == "" {
				src = ".mcplint.yaml"
			}
			return nil, path, &ConfigError{Source: src, Err: friendlyYAML(unwrapPath(err, path))}
		}
		return cfg, path, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, file, &ConfigError{Source: file, Err: fmt.Errorf("cannot read it: %w", errors.Unwrap(err))}
	}
	cfg, err := analyzers.ParseConfig(data)
	if err != nil {
		return nil, file, &ConfigError{Source: file, Err: friendlyYAML(err)}
	}
	return cfg, file, nil
}

// unwrapPath drops the "path: " prefix LoadConfig puts on its errors; ConfigError names the
// file itself.
func unwrapPath(err error, path string) error {
	if u := errors.Unwrap(err); u != nil && path != "" && strings.HasPrefix(err.Error(), path+": ") {
		return u
	}
	return err
}

// friendlyYAML rewrites the YAML decoder's Go-type wording into the user's terms.
func friendlyYAML(err error) error {
	msg := err.Error()
	msg = strings.ReplaceAll(msg, "yaml: unmarshal errors:\n", "")
	msg = strings.ReplaceAll(msg, " in type lint.Config", " (not an mcplint setting)")
	msg = strings.ReplaceAll(msg, " in type lint.Registrar", " (not a registrar setting)")
	return errors.New(msg)
}

// FlagSettings are the configuration flags, applied over the file.
type FlagSettings struct {
	Enable  []string
	Disable []string
	FailOn  string
}

// apply validates the flags on their own (so that a mistake is blamed on the flag, not the
// file) and applies them over cfg: a rule or family named by a flag overrides what the file
// says about it.
func (fl FlagSettings) apply(cfg *analyzers.Config, cat *analyzers.Catalog) error {
	check := &analyzers.Config{Enable: fl.Enable, Disable: fl.Disable, FailOn: fl.FailOn}
	if err := check.Validate(cat); err != nil {
		lines := strings.Split(err.Error(), "\n")
		for i, l := range lines {
			lines[i] = "-" + l
		}
		return &ConfigError{Source: "flags", Err: errors.New(strings.Join(lines, "\n"))}
	}
	covers := func(flagName, fileName string) bool {
		if flagName == fileName || flagName == "all" {
			return true
		}
		r, ok := cat.Lookup(fileName)
		return ok && string(r.Family) == flagName
	}
	coveredBy := func(flags []string) func(string) bool {
		return func(name string) bool {
			return slices.ContainsFunc(flags, func(f string) bool { return covers(f, name) })
		}
	}
	cfg.Disable = slices.DeleteFunc(slices.Clone(cfg.Disable), coveredBy(fl.Enable))
	cfg.Enable = slices.DeleteFunc(slices.Clone(cfg.Enable), coveredBy(fl.Disable))
	cfg.Enable = append(cfg.Enable, fl.Enable...)
	cfg.Disable = append(cfg.Disable, fl.Disable...)
	if fl.FailOn != "" {
		cfg.FailOn = fl.FailOn
	}
	return nil
}

// inertEnables names -enable rules that cannot run because they are not implemented, so that
// the user is not left believing they are checked.
func (fl FlagSettings) inertEnables(cat *analyzers.Catalog) []string {
	var out []string
	for _, n := range fl.Enable {
		if r, ok := cat.Lookup(n); ok && r.Status != analyzers.Implemented {
			out = append(out, fmt.Sprintf("-enable %s has no effect: the rule is %s", n, r.Status))
		}
	}
	return out
}

// SplitList splits a comma-separated flag value, dropping blanks.
func SplitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
