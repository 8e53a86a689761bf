package lint

import (
	"fmt"
	"sort"
	"strings"
)

// Severity says whether a finding fails the run by default.
type Severity int

const (
	// Info findings are never failures; they note something the user must finish elsewhere
	// (a server.json release template, for example).
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// ParseSeverity accepts the spellings users write in config and flags.
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "info", "note":
		return Info, nil
	case "warning", "warn":
		return Warning, nil
	case "error", "err":
		return Error, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// Family groups rules by the package that implements them and the doc page that explains them.
type Family string

const (
	FamilyHandler    Family = "handlerrules"
	FamilyContract   Family = "contractrules"
	FamilySchema     Family = "schemarules"
	FamilyServerJSON Family = "serverjson"
	FamilyDirective  Family = "directives"
)

// Status says whether a catalogued rule runs.
type Status string

const (
	Implemented Status = "implemented"
	// Planned rules are catalogued (their IDs are reserved and documented) but not built yet.
	Planned Status = "planned"
	// NotApplicable rules are checks the anchor needs that Go's type system makes impossible to
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
const DocsBase = "https://github.com/mcplint/mcplint/blob/main/docs/"

// DocPath is the repository-relative path of the rule's documentation page.
func (r Rule) DocPath() string { return "docs/" + string(r.Family) + ".md" }

// URL is the rule's documentation address, carried by every diagnostic.
func (r Rule) URL() string { return DocsBase + string(r.Family) + ".md#" + r.ID }

var (
	all     = []string{SDKGo, SDKMarkLabs, SDKMCPTool}
	goAndM3 = []string{SDKGo, SDKMarkLabs}
	goSDK   = []string{SDKGo}
	runtime = []string{SDKMCPTool}
	goAndMT = []string{SDKGo, SDKMCPTool}
)

// builtin is the catalog of every Go-code rule. server.json rules are appended from the
// serverjson library by Catalog, so that their IDs live next to the code that checks them.
func builtin() []Rule {
	return []Rule{
		// handlerrules
		{"prefer-mcp-error-in-handler", FamilyHandler, Warning, all, "handler returns an error that carries no MCP error code", Implemented, false},
		{"prefer-error-factory", FamilyHandler, Warning, runtime, "mcperr.New with a code that has a factory", Implemented, false},
		{"preserve-cause-on-rethrow", FamilyHandler, Warning, all, "error built in an error branch drops the error in hand", Implemented, false},
		{"no-stringify-upstream-error", FamilyHandler, Warning, all, "error text embeds serialised upstream data", Implemented, false},
		{"tool-error-as-protocol-error", FamilyHandler, Warning, goAndM3, "a problem the model could fix is returned as a JSON-RPC error", Implemented, false},
		{"result-and-error", FamilyHandler, Error, all, "handler returns a result and an error together; the result is discarded", Implemented, false},
		{"nil-result-nil-error", FamilyHandler, Error, goAndM3, "tool handler can return (nil, nil)", Implemented, false},
		{"wrapped-protocol-error", FamilyHandler, Error, goSDK, "typed handler wraps a *jsonrpc.Error, demoting it to a tool error", Implemented, false},
		{"structured-content-on-error", FamilyHandler, Warning, goSDK, "typed handler returns an IsError result with a nil error; zero structuredContent ships", Implemented, false},
		{"resource-not-found-error", FamilyHandler, Warning, goAndMT, "resource handler reports a missing resource with an ad-hoc error", Implemented, false},
		{"typed-nil-error", FamilyHandler, Error, all, "a nil concrete error pointer is returned as a non-nil error", Implemented, false},

		// contractrules: structural
		{"error-contract-type", FamilyContract, Error, runtime, "contract is not a list of entries", NotApplicable, false},
		{"error-contract-entry-type", FamilyContract, Error, runtime, "contract entry is not an object", NotApplicable, false},
		{"error-contract-code-type", FamilyContract, Error, runtime, "contract code is not a number", NotApplicable, false},
		{"error-contract-retryable-type", FamilyContract, Warning, runtime, "contract retryable is not a boolean", NotApplicable, false},
		{"error-contract-empty", FamilyContract, Warning, runtime, "error contract declared with no entries", Implemented, false},
		{"error-contract-code-unknown", FamilyContract, Error, runtime, "contract code is not a known mcperr code", Implemented, false},
		{"error-contract-code-unknown-error", FamilyContract, Warning, runtime, "contract declares CodeUnknownError", Implemented, false},
		{"error-contract-reason-required", FamilyContract, Error, runtime, "contract entry has no reason", Implemented, false},
		{"error-contract-reason-format", FamilyContract, Warning, runtime, "contract reason is not snake_case", Implemented, false},
		{"error-contract-reason-unique", FamilyContract, Error, runtime, "two contract entries share a reason", Implemented, false},
		{"error-contract-when-required", FamilyContract, Error, runtime, "contract entry has no When", Implemented, false},
		{"error-contract-recovery-required", FamilyContract, Error, runtime, "contract entry has no Recovery", Implemented, false},
		{"error-contract-recovery-empty", FamilyContract, Error, runtime, "contract Recovery is only whitespace", Implemented, false},
		{"error-contract-recovery-min-words", FamilyContract, Warning, runtime, "contract Recovery has fewer than five words", Implemented, false},
		{"error-contract-retryable-mismatch", FamilyContract, Warning, runtime, "contract Retryable contradicts its code's retryability", Implemented, false},
		{"error-contract-not-static", FamilyContract, Warning, runtime, "contract cannot be resolved at compile time", Implemented, false},
		// contractrules: conformance
		{"error-contract-conformance", FamilyContract, Warning, runtime, "handler can return a code its contract does not declare", Implemented, false},
		{"error-contract-prefer-fail", FamilyContract, Warning, runtime, "declared code returned through a factory instead of call.Fail", Implemented, false},
		{"error-contract-unknown-reason", FamilyContract, Error, runtime, "call.Fail or RecoveryFor names an undeclared reason", Implemented, false},
		{"error-contract-unthrown", FamilyContract, Warning, runtime, "declared reason that no path can produce", Implemented, false},

		// schemarules
		{"schema-is-object", FamilySchema, Error, all, "tool input does not infer to a JSON object", Implemented, false},
		{"describe-on-fields", FamilySchema, Warning, all, "input or output field has no description", Implemented, false},
		{"schema-serializable", FamilySchema, Error, all, "field type that schema inference rejects", Implemented, false},
		{"schema-tag-syntax", FamilySchema, Error, goAndM3, "jsonschema tag that go-sdk rejects", Implemented, false},
		{"schema-tag-required-ignored", FamilySchema, Warning, goAndM3, "jsonschema tag says required, which has no effect", Implemented, false},
		{"schema-unsatisfiable", FamilySchema, Error, all, "hand-built schema that no value satisfies", Implemented, false},
		{"schema-format-portability", FamilySchema, Error, all, "format outside the portable allowlist", Implemented, false},
		{"schema-anyof-needs-type", FamilySchema, Warning, all, "anyOf/oneOf branch without a type", Implemented, false},
		{"schema-no-discriminator-keyword", FamilySchema, Warning, all, "OpenAPI discriminator keyword in a schema", Implemented, false},
		{"schema-no-defs", FamilySchema, Warning, all, "$defs or $ref in a schema (strict portability)", Implemented, true},
		{"schema-root-oneof-portability", FamilySchema, Warning, all, "oneOf/anyOf at the schema root (strict portability)", Implemented, true},
		{"schema-dialect-tag", FamilySchema, Warning, all, "schema without $schema (strict portability)", Implemented, true},
		{"name-required", FamilySchema, Error, all, "definition without a name", Implemented, false},
		{"name-format", FamilySchema, Error, all, "tool name outside [A-Za-z0-9._-]{1,128}", Implemented, false},
		{"name-unique", FamilySchema, Error, all, "two definitions of one kind share a name", Implemented, false},
		{"description-required", FamilySchema, Warning, all, "definition without a description", Implemented, false},
		{"handler-required", FamilySchema, Error, all, "definition registered with a nil handler", Implemented, false},
		{"annotation-type", FamilySchema, Error, all, "annotation value of the wrong type", NotApplicable, false},
		{"auth-type", FamilySchema, Error, runtime, "auth scopes of the wrong type", NotApplicable, false},
		{"annotation-coherence", FamilySchema, Warning, goAndM3, "annotations that contradict each other", Implemented, false},
		{"auth-scope-format", FamilySchema, Error, runtime, "empty or blank auth scope", Implemented, false},
		{"meta-ui-type", FamilySchema, Error, all, "_meta.ui is not an object", Implemented, false},
		{"meta-ui-resource-uri-required", FamilySchema, Error, all, "_meta.ui without resourceUri", Implemented, false},
		{"meta-ui-resource-uri-scheme", FamilySchema, Warning, all, "_meta.ui.resourceUri not ui://", Implemented, false},
		{"app-tool-resource-pairing", FamilySchema, Warning, all, "MCP Apps tool whose ui:// resource is not registered", Implemented, false},
		{"uri-template-required", FamilySchema, Error, all, "resource template without a URI template", Implemented, false},
		{"uri-template-valid", FamilySchema, Error, all, "invalid RFC 6570 URI template", Implemented, false},
		{"resource-name-not-uri", FamilySchema, Warning, all, "resource name is its URI", Implemented, false},
		{"template-params-align", FamilySchema, Error, []string{SDKMarkLabs, SDKMCPTool}, "template variable the handler does not read", Implemented, false},
		{"prompt-handler-required", FamilySchema, Error, all, "prompt registered without a handler", Implemented, false},
		{"format-parity", FamilySchema, Error, all, "output field the text rendering does not show", Implemented, false},
		{"format-parity-unchecked", FamilySchema, Warning, all, "text rendering static analysis cannot follow", Implemented, false},

		// directives
		{"ignore-reason-required", FamilyDirective, Warning, []string{SDKAnyServer}, "//mcplint:ignore without a reason", Implemented, false},
		{"ignore-unused", FamilyDirective, Warning, []string{SDKAnyServer}, "//mcplint:ignore that suppresses nothing", Implemented, false},
	}
}

// Catalog is an immutable view of every rule mcplint knows, keyed and ordered by ID.
type Catalog struct {
	rules []Rule
	byID  map[string]int
}

// NewCatalog builds the catalog from the built-in rules plus extra rows (the server.json rules).
// It panics on a duplicate ID, which is a programming error caught by the catalog tests.
func NewCatalog(extra ...Rule) *Catalog {
	rules := append(builtin(), extra...)
	sort.SliceStable(rules, func(i, j int) bool {
		if rules[i].Family != rules[j].Family {
			return familyOrder(rules[i].Family) < familyOrder(rules[j].Family)
		}
		return false
	})
	c := &Catalog{rules: rules, byID: make(map[string]int, len(rules))}
	for i, r := range rules {
		if _, dup := c.byID[r.ID]; dup {
			panic("lint: duplicate rule ID " + r.ID)
		}
		c.byID[r.ID] = i
	}
	return c
}

func familyOrder(f Family) int {
	switch f {
	case FamilyHandler:
		return 0
	case FamilyContract:
		return 1
	case FamilySchema:
		return 2
	case FamilyServerJSON:
		return 3
	}
	return 4
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
