package driver

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/suggest"
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
// A file with unknown keys is reported with a did-you-mean for each, together with every
// invalid value, so that one round of fixes is enough.
func loadConfig(dir, file string) (*analyzers.Config, string, error) {
	if file == "" {
		cfg, path, err := analyzers.LoadConfig(dir)
		if err != nil {
			src := path
			if src == "" {
				src = ".mcplint.yaml"
			}
			data, _ := os.ReadFile(path)
			return nil, path, &ConfigError{Source: src, Err: explainYAML(unwrapPath(err, path), data)}
		}
		return cfg, path, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, file, &ConfigError{Source: file, Err: fmt.Errorf("cannot read it: %w", errors.Unwrap(err))}
	}
	cfg, err := analyzers.ParseConfig(data)
	if err != nil {
		return nil, file, &ConfigError{Source: file, Err: explainYAML(err, data)}
	}
	return cfg, file, nil
}

// checkedConfig loads the configuration for dir (or file, when given), applies flags (when
// given) and validates what is left against cat (when given). The flags were checked on their
// own, so a problem Validate finds is the file's, and the error names it.
func checkedConfig(dir, file string, flags *FlagSettings, cat *analyzers.Catalog) (*analyzers.Config, error) {
	cfg, path, err := loadConfig(dir, file)
	if err != nil {
		return nil, err
	}
	if flags != nil {
		if err := flags.apply(cfg, cat); err != nil {
			return nil, err
		}
	}
	if cat != nil {
		if err := cfg.Validate(cat); err != nil {
			return nil, &ConfigError{Source: path, Err: err}
		}
	}
	return cfg, nil
}

// workDir is the directory a run works in: s.Dir, or the process's working directory. When
// that cannot be had it says why on s.Stderr.
func (s Setup) workDir() (string, bool) {
	if s.Dir != "" {
		return s.Dir, true
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: cannot determine the working directory: %v\n", err)
		return "", false
	}
	return wd, true
}

// unwrapPath drops the "path: " prefix LoadConfig puts on its errors; ConfigError names the
// file itself.
func unwrapPath(err error, path string) error {
	if u := errors.Unwrap(err); u != nil && path != "" && strings.HasPrefix(err.Error(), path+": ") {
		return u
	}
	return err
}

// unknownField is how the YAML decoder words a key the struct does not have.
var unknownField = regexp.MustCompile(`^(line \d+: )field (.+) not found in type \w+\.(Config|Registrar)$`)

// typeName is the Go type the YAML decoder names in its errors, which means nothing to users.
var typeName = regexp.MustCompile(` in type \w+\.\w+`)

// explainYAML rewrites the YAML decoder's errors into the user's terms, one per line: each
// unknown key with the setting it probably meant. When the document decodes apart from its
// unknown keys, the values are validated too and their errors added.
func explainYAML(err error, data []byte) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return err
	}
	var errs []error
	for _, msg := range te.Errors {
		m := unknownField.FindStringSubmatch(msg)
		if m == nil {
			errs = append(errs, errors.New(typeName.ReplaceAllString(msg, "")))
			continue
		}
		keys, what := yamlKeys(reflect.TypeFor[analyzers.Config]()), "an mcplint setting"
		if m[3] == "Registrar" {
			keys, what = yamlKeys(reflect.TypeFor[analyzers.Registrar]()), "a registrar setting"
		}
		hint := ""
		if best := suggest.Nearest(m[2], keys, max(3, len(m[2])/3)); best != "" {
			hint = fmt.Sprintf("; did you mean %s?", best)
		}
		errs = append(errs, fmt.Errorf("%sunknown key %s (not %s%s)", m[1], m[2], what, hint))
	}
	// Decoded without the unknown-key check, the rest of the file can be validated too.
	lenient := analyzers.NewConfig()
	if yaml.Unmarshal(data, lenient) == nil {
		if verr := lenient.Validate(analyzers.NewCatalog()); verr != nil {
			errs = append(errs, verr)
		}
	}
	return errors.Join(errs...)
}

// yamlKeys lists the YAML keys of a configuration struct.
func yamlKeys(t reflect.Type) []string {
	var keys []string
	for f := range t.Fields() {
		if k, _, _ := strings.Cut(f.Tag.Get("yaml"), ","); k != "" && k != "-" {
			keys = append(keys, k)
		}
	}
	return keys
}

// FlagSettings are the configuration flags, applied over the file.
type FlagSettings struct {
	Enable  []string
	Disable []string
	FailOn  string
	Show    string
	// MinCoverage overrides min-coverage when not nil.
	MinCoverage *int
}

// apply validates the flags on their own (so that a mistake is blamed on the flag, not the
// file) and applies them over cfg: a rule or family named by a flag overrides what the file
// says about it.
func (fl FlagSettings) apply(cfg *analyzers.Config, cat *analyzers.Catalog) error {
	check := &analyzers.Config{Enable: fl.Enable, Disable: fl.Disable, FailOn: fl.FailOn, Show: fl.Show}
	if fl.MinCoverage != nil {
		check.MinCoverage = *fl.MinCoverage
	}
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
	if fl.Show != "" {
		cfg.Show = fl.Show
	}
	if fl.MinCoverage != nil {
		cfg.MinCoverage = *fl.MinCoverage
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
