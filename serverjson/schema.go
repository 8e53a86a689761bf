package serverjson

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// The dated server.json schemas, byte-identical to the ones the registry
// (v1.8.7) embeds. Only these are ever given to the validator.
//
//go:embed schemas/*.json
var schemaFS embed.FS

// CurrentSchemaVersion is the schema version the registry currently expects.
const CurrentSchemaVersion = "2025-12-11"

// SchemaURL returns the canonical $schema URL of a schema version.
func SchemaURL(version string) string {
	return "https://static.modelcontextprotocol.io/schemas/" + version + "/server.schema.json"
}

// SchemaVersions returns the schema versions mcplint knows, oldest first.
func SchemaVersions() []string {
	entries, err := schemaFS.ReadDir("schemas")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".json"))
	}
	sort.Strings(out)
	return out
}

// The registry extracts the version the same way: anywhere in the URL.
var schemaURLVersion = regexp.MustCompile(`/schemas/([A-Za-z0-9_~.-]+)/server\.schema\.json`)

type compiledSchema struct {
	once sync.Once
	sch  *jsonschema.Schema
	err  error
}

// compiledSchemas holds one lazily compiled, afterwards immutable schema per
// embedded version. The map itself is never written after initialisation.
var compiledSchemas = func() map[string]*compiledSchema {
	m := map[string]*compiledSchema{}
	for _, v := range SchemaVersions() {
		m[v] = &compiledSchema{}
	}
	return m
}()

// refuseLoader keeps the validator offline: every $ref the embedded schemas
// use is internal or a draft-07 metaschema the library embeds itself, so any
// other load request is refused rather than fetched.
type refuseLoader struct{}

func (refuseLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("mcplint does not load %s: only embedded server.json schemas are used", url)
}

func schemaFor(version string) (*jsonschema.Schema, error) {
	c, ok := compiledSchemas[version]
	if !ok {
		return nil, fmt.Errorf("no embedded schema for version %q", version)
	}
	c.once.Do(func() {
		data, err := schemaFS.ReadFile("schemas/" + version + ".json")
		if err != nil {
			c.err = err
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			c.err = err
			return
		}
		comp := jsonschema.NewCompiler()
		comp.UseLoader(refuseLoader{})
		comp.DefaultDraft(jsonschema.Draft7)
		comp.AssertFormat()
		url := SchemaURL(version)
		if err := comp.AddResource(url, doc); err != nil {
			c.err = err
			return
		}
		c.sch, c.err = comp.Compile(url)
	})
	return c.sch, c.err
}

// toInstance converts the parsed tree into the value shape the validator
// expects (numbers as json.Number, last duplicate key winning).
func toInstance(n *Node) any {
	switch n.Kind {
	case KindObject:
		m := make(map[string]any, len(n.Members))
		for _, mem := range n.Members {
			m[mem.Key] = toInstance(mem.Value)
		}
		return m
	case KindArray:
		a := make([]any, len(n.Elems))
		for i, e := range n.Elems {
			a[i] = toInstance(e)
		}
		return a
	case KindString:
		return n.Str
	case KindNumber:
		return json.Number(n.Str)
	case KindBool:
		return n.Bool
	}
	return nil
}

// schemaViolation is one leaf of the validator's error tree, or one anyOf /
// oneOf failure summarised as a single violation.
type schemaViolation struct {
	pointer  string
	missing  []string // for required: the missing property names
	message  string
	combined bool // an anyOf/oneOf failure
}

var englishPrinter = message.NewPrinter(language.English)

func validateSchema(version string, root *Node) ([]schemaViolation, error) {
	sch, err := schemaFor(version)
	if err != nil {
		return nil, err
	}
	err = sch.Validate(toInstance(root))
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, err
	}
	var out []schemaViolation
	collectViolations(ve, &out)
	return out, nil
}

func collectViolations(e *jsonschema.ValidationError, out *[]schemaViolation) {
	ptr := instancePointer(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		var alts []string
		for _, c := range e.Causes {
			alts = append(alts, leafSummary(c))
		}
		what := "none of the allowed shapes"
		if o, ok := k.(*kind.OneOf); ok && len(o.Subschemas) > 1 {
			what = "more than one of the allowed shapes"
		}
		*out = append(*out, schemaViolation{pointer: ptr, combined: true,
			message: fmt.Sprintf("matches %s (%s)", what, strings.Join(dedupe(alts), "; or "))})
		return
	case *kind.Required:
		*out = append(*out, schemaViolation{pointer: ptr, missing: k.Missing, message: e.ErrorKind.LocalizedString(englishPrinter)})
		return
	}
	if len(e.Causes) == 0 {
		*out = append(*out, schemaViolation{pointer: ptr, message: e.ErrorKind.LocalizedString(englishPrinter)})
		return
	}
	for _, c := range e.Causes {
		collectViolations(c, out)
	}
}

// leafSummary flattens one alternative of an anyOf into a short phrase.
func leafSummary(e *jsonschema.ValidationError) string {
	var parts []string
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			msg := e.ErrorKind.LocalizedString(englishPrinter)
			if p := instancePointer(e.InstanceLocation); p != "" {
				msg = p + ": " + msg
			}
			parts = append(parts, msg)
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(e)
	return strings.Join(dedupe(parts), ", ")
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func instancePointer(loc []string) string {
	var sb strings.Builder
	for _, tok := range loc {
		sb.WriteByte('/')
		sb.WriteString(escapePointer(tok))
	}
	return sb.String()
}
