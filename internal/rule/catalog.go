package rule

import "github.com/mcplint-go/mcplint/internal/rule/severity"

// Severity says whether a finding fails the run by default: the scale of package severity,
// which the server.json library shares.
type Severity = severity.Severity

// The severities, from the mildest.
const (
	Info    = severity.Info
	Warning = severity.Warning
	Error   = severity.Error
)

// ParseSeverity accepts the spellings users write in config and flags.
func ParseSeverity(s string) (Severity, error) { return severity.Parse(s) }

// Family groups rules by the package that implements them and the doc page that explains them.
// Each family package declares its own name; this package knows only its own family, the
// ignore directives.
type Family string

// Status says whether a catalogued rule runs.
type Status string

// The statuses of a rule in the catalog.
const (
	Implemented Status = "implemented"
	// Planned rules are catalogued (their IDs are reserved and documented) but not built yet.
	Planned Status = "planned"
	// NotApplicable rules are checks the TypeScript linter (mcp-ts-core) needs that Go's type system makes impossible to
	// fail; they are documented, never run.
	NotApplicable Status = "not applicable in Go"
)

// SDK names as the catalog and docs spell them.
const (
	SDKGo        = "go-sdk"
	SDKMarkLabs  = "mark3labs"
	SDKMCPTool   = "mcptool"
	SDKManifest  = "server.json"
	SDKAnyServer = "any"
)

// Rule is one row of the catalog.
type Rule struct {
	ID       string
	Family   Family
	Severity Severity
	SDKs     []string
	Title    string
	Status   Status
	// Strict marks portability rules that run only with `portability: strict`.
	Strict bool
}

// DocsBase is where the rule documentation lives; each family has one page and each rule an
// anchor equal to its ID.
const DocsBase = "https://github.com/mcplint-go/mcplint/blob/main/docs/"

// DocPath is the repository-relative path of the rule's documentation page.
func (r Rule) DocPath() string { return "docs/" + string(r.Family) + ".md" }

// URL is the rule's documentation address, carried by every diagnostic.
func (r Rule) URL() string { return DocsBase + string(r.Family) + ".md#" + r.ID }

// SDK sets that many rules share. Treat them as constants: a rule's SDKs are never modified.
var (
	AllSDKs     = []string{SDKGo, SDKMarkLabs, SDKMCPTool}
	PlainSDKs   = []string{SDKGo, SDKMarkLabs} // the two SDKs, without the runtime library
	GoSDK       = []string{SDKGo}
	MCPTool     = []string{SDKMCPTool}
	GoSDKOrTool = []string{SDKGo, SDKMCPTool}
)

// Catalog is an immutable view of every rule mcplint knows, keyed and ordered by ID.
type Catalog struct {
	rules []Rule
	byID  map[string]int
	// Clients are the client names the clients option accepts. The registry sets them from
	// package surface, which the framework must not import: it pulls the SDK in through
	// mcptool.
	Clients []string
}

// NewCatalog builds the catalog from the rules the families declare, in the order given:
// the order of `mcplint rules` and of the docs. It panics on a duplicate ID, which is a
// programming error caught by the catalog tests.
func NewCatalog(rules ...Rule) *Catalog {
	rules = append([]Rule(nil), rules...)
	c := &Catalog{rules: rules, byID: make(map[string]int, len(rules))}
	for i, r := range rules {
		if _, dup := c.byID[r.ID]; dup {
			panic("rule: duplicate rule ID " + r.ID)
		}
		c.byID[r.ID] = i
	}
	return c
}

// Rules returns every rule in catalog order. The slice is a copy.
func (c *Catalog) Rules() []Rule { return append([]Rule(nil), c.rules...) }

// Lookup finds a rule by ID.
func (c *Catalog) Lookup(id string) (Rule, bool) {
	i, ok := c.byID[id]
	if !ok {
		return Rule{}, false
	}
	return c.rules[i], true
}

// Families lists the families in catalog order.
func (c *Catalog) Families() []Family {
	var out []Family
	seen := map[Family]bool{}
	for _, r := range c.rules {
		if !seen[r.Family] {
			seen[r.Family] = true
			out = append(out, r.Family)
		}
	}
	return out
}
