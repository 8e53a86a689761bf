package rule

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mcplint-go/mcplint/internal/suggest"

	"go.yaml.in/yaml/v3"
)

// ConfigFileName is the configuration file mcplint reads at the module root.
const ConfigFileName = ".mcplint.yaml"

// Config is everything a user can set. Keys are lower-case kebab so that the same names work
// in .mcplint.yaml, in flags and in golangci-lint (which lower-cases settings keys).
type Config struct {
	// Enable and Disable name rule IDs, family names (handlerrules, ...) or "all". Disable wins
	// over Enable for the same rule; a rule named explicitly wins over its family.
	Enable  []string `yaml:"enable" json:"enable" mapstructure:"enable"`
	Disable []string `yaml:"disable" json:"disable" mapstructure:"disable"`

	// FailOn is the lowest severity that makes the run fail: error (default), warning, info or
	// none.
	FailOn string `yaml:"fail-on" json:"fail-on" mapstructure:"fail-on"`

	// Show is the lowest severity the text output lists finding by finding: error, warning or
	// info. Findings below it are counted per rule in one line. "" means warning, or info when
	// FailOn is info, so that nothing that fails the run is left out. JSON, SARIF, GitHub
	// annotations, go vet and golangci-lint always carry every finding.
	Show string `yaml:"show" json:"show" mapstructure:"show"`

	// MinCoverage fails the run (exit 1) when the rules checked the handlers of fewer than
	// this percentage of the tools found, or when no tool was found; 0 turns it off. For CI
	// gates that must not pass because mcplint could not see the handlers.
	MinCoverage int `yaml:"min-coverage" json:"min-coverage" mapstructure:"min-coverage"`

	// Severity overrides a rule's catalog severity: {rule-id: error|warning|info}.
	Severity map[string]string `yaml:"severity" json:"severity" mapstructure:"severity"`

	// PlainHandlerErrors extends prefer-mcp-error-in-handler from mcptool handlers to plain
	// SDK handlers whose errors become tool errors.
	PlainHandlerErrors bool `yaml:"plain-handler-errors" json:"plain-handler-errors" mapstructure:"plain-handler-errors"`

	// Portability is "default" or "strict"; strict turns on the strict-only schema rules.
	Portability string `yaml:"portability" json:"portability" mapstructure:"portability"`

	// FormatAllowlist replaces the default set of portable JSON Schema formats.
	FormatAllowlist []string `yaml:"format-allowlist" json:"format-allowlist" mapstructure:"format-allowlist"`

	// Registrars names a repository's own registration wrappers so that definitions made
	// through them are linked to their handlers.
	Registrars []Registrar `yaml:"registrars" json:"registrars" mapstructure:"registrars"`

	// ServerJSON is the path of server.json relative to the module root ("" = server.json).
	ServerJSON string `yaml:"server-json" json:"server-json" mapstructure:"server-json"`

	// DescriptionTokenBudget is the most tokens one tool description may cost
	// (description-token-budget); 0 turns the check off.
	DescriptionTokenBudget int `yaml:"description-token-budget" json:"description-token-budget" mapstructure:"description-token-budget"`
	// SurfaceTokenBudget is the most tokens a server's tool definitions may cost together
	// (surface-token-budget); 0 turns the check off.
	SurfaceTokenBudget int `yaml:"surface-token-budget" json:"surface-token-budget" mapstructure:"surface-token-budget"`

	// Clients names the MCP clients the project targets (openai, openai-strict, gemini,
	// anthropic, vscode, cursor); client-compatibility checks the tools against the
	// restrictions each documents. Empty: the rule checks nothing.
	Clients []string `yaml:"clients" json:"clients" mapstructure:"clients"`
}

// Default token budgets: a description of about 750 words, and a tool list that takes a
// tenth of a 200,000-token context window on every request (docs/schemarules.md says why).
const (
	DefaultDescriptionTokenBudget = 1000
	DefaultSurfaceTokenBudget     = 20000
)

// Registrar is a function of the user's own code that registers a tool: Func is
// "import/path.Func" or "import/path.Type.Method"; Tool and Handler are the 0-based argument
// indexes of the tool definition and the handler (-1 when absent).
type Registrar struct {
	Func    string `yaml:"func" json:"func" mapstructure:"func"`
	Tool    int    `yaml:"tool" json:"tool" mapstructure:"tool"`
	Handler int    `yaml:"handler" json:"handler" mapstructure:"handler"`
}

// DefaultFormatAllowlist is OpenAI's set of JSON Schema formats, the strictest commonly used
// target.
func DefaultFormatAllowlist() []string {
	return []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
}

// NewConfig returns the defaults: every implemented, non-strict rule enabled, failing on
// errors.
func NewConfig() *Config {
	return &Config{
		FailOn:          "error",
		Portability:     "default",
		FormatAllowlist: DefaultFormatAllowlist(),

		DescriptionTokenBudget: DefaultDescriptionTokenBudget,
		SurfaceTokenBudget:     DefaultSurfaceTokenBudget,
	}
}

// Validate reports every problem in the configuration at once, naming the offending key.
func (c *Config) Validate(cat *Catalog) error {
	var errs []error
	checkNames := func(key string, names []string) {
		for _, n := range names {
			if n == "all" || isFamily(cat, n) {
				continue
			}
			if _, ok := cat.Lookup(n); !ok {
				errs = append(errs, fmt.Errorf("%s: unknown rule or family %q%s", key, n, suggestRule(cat, n)))
			}
		}
	}
	checkNames("enable", c.Enable)
	checkNames("disable", c.Disable)
	if c.FailOn != "" && c.FailOn != "none" {
		if _, err := ParseSeverity(c.FailOn); err != nil {
			errs = append(errs, fmt.Errorf("fail-on: unknown severity %q (want error, warning, info or none)", c.FailOn))
		}
	}
	if c.MinCoverage < 0 || c.MinCoverage > 100 {
		errs = append(errs, fmt.Errorf("min-coverage: %d is not a percentage (want 0 to 100)", c.MinCoverage))
	}
	if c.Show != "" {
		if _, err := ParseSeverity(c.Show); err != nil {
			errs = append(errs, fmt.Errorf("show: unknown severity %q (want error, warning or info)", c.Show))
		}
	}
	ids := make([]string, 0, len(c.Severity))
	for id := range c.Severity {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if _, ok := cat.Lookup(id); !ok {
			errs = append(errs, fmt.Errorf("severity: unknown rule %q%s", id, suggestRule(cat, id)))
		}
		if _, err := ParseSeverity(c.Severity[id]); err != nil {
			errs = append(errs, fmt.Errorf("severity.%s: %v", id, err))
		}
	}
	switch c.Portability {
	case "", "default", "strict":
	default:
		errs = append(errs, fmt.Errorf("portability: %q is neither default nor strict", c.Portability))
	}
	if c.DescriptionTokenBudget < 0 {
		errs = append(errs, fmt.Errorf("description-token-budget: %d is negative; give a token count, or 0 to turn the check off", c.DescriptionTokenBudget))
	}
	for _, name := range c.Clients {
		if name == "cursor" {
			errs = append(errs, fmt.Errorf("clients: %q has no first-hand documented restriction to check (see docs/surface.md); known: %s", name, strings.Join(cat.Clients, ", ")))
		} else if !slices.Contains(cat.Clients, name) {
			errs = append(errs, fmt.Errorf("clients: unknown client %q; known: %s", name, strings.Join(cat.Clients, ", ")))
		}
	}
	if c.SurfaceTokenBudget < 0 {
		errs = append(errs, fmt.Errorf("surface-token-budget: %d is negative; give a token count, or 0 to turn the check off", c.SurfaceTokenBudget))
	}
	for i, r := range c.Registrars {
		if !strings.Contains(r.Func, ".") {
			errs = append(errs, fmt.Errorf("registrars[%d].func: %q is not import/path.Func or import/path.Type.Method", i, r.Func))
		}
		if r.Tool < -1 || r.Handler < -1 || (r.Tool == -1 && r.Handler == -1) {
			errs = append(errs, fmt.Errorf("registrars[%d]: tool and handler must be argument indexes (0-based, -1 for none), not both -1", i))
		}
	}
	return errors.Join(errs...)
}

func isFamily(cat *Catalog, name string) bool {
	for _, f := range cat.Families() {
		if string(f) == name {
			return true
		}
	}
	return false
}

// Enabled reports whether the rule runs under this configuration.
func (c *Config) Enabled(r Rule) bool {
	if r.Status != Implemented {
		return false
	}
	// The most specific mention wins: the rule's ID, then its family, then "all"; at the
	// same level Disable wins over Enable.
	for _, name := range []string{r.ID, string(r.Family), "all"} {
		switch {
		case slices.Contains(c.Disable, name):
			return false
		case slices.Contains(c.Enable, name):
			return true
		}
	}
	if r.Strict {
		return c.Portability == "strict"
	}
	return true
}

// SeverityOf is the rule's effective severity.
func (c *Config) SeverityOf(r Rule) Severity {
	if s, ok := c.Severity[r.ID]; ok {
		if sev, err := ParseSeverity(s); err == nil {
			return sev
		}
	}
	return r.Severity
}

// Fails reports whether a finding of this severity fails the run.
func (c *Config) Fails(s Severity) bool {
	if c.FailOn == "none" {
		return false
	}
	threshold := Error
	if c.FailOn != "" {
		if t, err := ParseSeverity(c.FailOn); err == nil {
			threshold = t
		}
	}
	return s >= threshold
}

// ShownFrom is the lowest severity the text output lists finding by finding (see Show).
func (c *Config) ShownFrom() Severity {
	if s, err := ParseSeverity(c.Show); c.Show != "" && err == nil {
		return s
	}
	if c.FailOn == "info" {
		return Info
	}
	return Warning
}

// ParseConfig decodes YAML over the defaults. Unknown keys are errors, so a typo does not
// silently do nothing.
func ParseConfig(data []byte) (*Config, error) {
	c := NewConfig()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if len(c.FormatAllowlist) == 0 {
		c.FormatAllowlist = DefaultFormatAllowlist()
	}
	return c, nil
}

// LoadConfig finds .mcplint.yaml in dir or the nearest parent holding go.mod (the module
// root) and decodes it. No file means the defaults; path is "" then.
func LoadConfig(dir string) (cfg *Config, path string, err error) {
	dir, err = filepath.Abs(dir)
	if err != nil {
		return nil, "", err
	}
	for {
		p := filepath.Join(dir, ConfigFileName)
		if data, err := os.ReadFile(p); err == nil {
			c, err := ParseConfig(data)
			if err != nil {
				return nil, p, fmt.Errorf("%s: %w", p, err)
			}
			return c, p, nil
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return NewConfig(), "", nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return NewConfig(), "", nil
		}
		dir = parent
	}
}

// suggestRule returns a did-you-mean for a mistyped rule ID.
func suggestRule(cat *Catalog, name string) string {
	var ids []string
	for _, r := range cat.Rules() {
		ids = append(ids, r.ID)
	}
	best := suggest.Nearest(name, ids, 4)
	if best == "" {
		if words := suggest.Containing(name, ids, 1); len(words) == 1 {
			best = words[0]
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}
