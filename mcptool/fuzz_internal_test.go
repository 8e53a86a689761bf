package mcptool

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type fuzzParams struct {
	Owner  string   `uri:"owner"`
	Repo   string   `json:"repo"`
	Number int      `uri:"number"`
	Tags   []string `uri:"tags"`
	Ratio  float32  `uri:"ratio"`
	Draft  *bool    `json:"draft,omitempty"`
	Level  uint8    `uri:"level"`
}

// FuzzResourceTemplate checks arbitrary URI templates the way AddResourceTemplate does and
// reads arbitrary URIs through the ones that compile: a bad template is a finding, a URI that
// does not fit is "not found" or an error naming the variable, never a panic.
func FuzzResourceTemplate(f *testing.F) {
	for _, s := range [][2]string{
		{"repo://{owner}/{repo}/issues/{number}", "repo://golang/go/issues/42"},
		{"repo://{owner}/{repo}/issues/{number}", "repo://golang/go/issues/forty-two"},
		{"search://{?tags*}", "search://?tags=a&tags=b"},
		{"file:///{+path}", "file:///a/b/c"},
		{"x://{ratio}/{level}", "x://1e400/300"},
		{"x://{draft}", "x://maybe"},
		{"x://{owner", "x://a"},
		{"x://{owner}{repo}", "x://ab"},
		{"{", ""},
		{"x://{#number,owner:3}", "x://#12,abc"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, template, uri string) {
		tmpl := ResourceTemplate[fuzzParams]{
			URITemplate: template, Name: "issue", Description: "one issue",
			Handler: func(context.Context, *mcp.ReadResourceRequest, fuzzParams) (*mcp.ReadResourceResult, error) {
				return nil, nil
			},
		}
		c, fs := compileTemplate(tmpl)
		for _, finding := range fs {
			if finding.Message == "" || finding.Rule == "" {
				t.Fatalf("%q: finding without a rule or message: %+v", template, finding)
			}
		}
		if c.tmpl == nil {
			return
		}
		var p fuzzParams
		matched, variable, err := c.bind(uri, reflect.ValueOf(&p).Elem())
		if !matched && (variable != "" || err != nil) {
			t.Fatalf("%q on %q: no match but variable %q, error %v", template, uri, variable, err)
		}
		if err != nil && (variable == "" || err.Error() == "") {
			t.Fatalf("%q on %q: error %v does not name its variable", template, uri, err)
		}
	})
}

// FuzzBindingTags builds struct types whose fields carry arbitrary json and uri tags and binds
// them as AddResourceTemplate and AddPrompt do: each exported field is bound under exactly one
// name (unless json:"-" hides it) and tagged names win, whatever the tags hold.
func FuzzBindingTags(f *testing.F) {
	for _, s := range [][2]string{
		{`json:"repo,omitempty"`, `uri:"owner"`},
		{`json:"-"`, `uri:""`},
		{`json:"-,"`, `uri:"x" json:"y"`},
		{`json:",omitzero" jsonschema:"a description"`, ``},
		{`json:"a\"b"`, `uri:"\x00"`},
		{`uri`, `json:`},
		{`json:"x" json:"y"`, `uri:"z`},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, tag1, tag2 string) {
		typ := reflect.StructOf([]reflect.StructField{
			{Name: "First", Type: reflect.TypeFor[string](), Tag: reflect.StructTag(tag1)},
			{Name: "Second", Type: reflect.TypeFor[*int](), Tag: reflect.StructTag(tag2)},
			{Name: "Third", Type: reflect.TypeFor[chan int](), Tag: reflect.StructTag(tag1 + " " + tag2)},
		})
		binds, err := bindings(typ, "uri")
		if err == nil || !strings.Contains(err.Error(), "Third") {
			// A json:"-" tag on Third hides it; anything else reports its type.
			if !hidden(reflect.StructTag(tag1 + " " + tag2)) {
				t.Fatalf("tags %q %q: the chan field is not reported: %v", tag1, tag2, err)
			}
		}
		seen := map[string]bool{}
		for _, b := range binds {
			if seen[b.field] {
				t.Fatalf("tags %q %q: field %s bound twice", tag1, tag2, b.field)
			}
			seen[b.field] = true
			if b.explicit {
				if v, _ := typ.FieldByName(b.field); v.Tag.Get("uri") != b.name {
					t.Fatalf("tags %q %q: explicit name %q is not the uri tag", tag1, tag2, b.name)
				}
			}
			if b.field == "Second" && !b.optional {
				t.Fatalf("tags %q %q: a pointer field must be optional", tag1, tag2)
			}
		}
		var v = reflect.New(typ).Elem()
		for _, b := range binds {
			if !b.unsupported {
				_ = b.set(v, []string{"1"})
			}
		}
	})
}

func hidden(tag reflect.StructTag) bool {
	name, opts, _ := strings.Cut(tag.Get("json"), ",")
	return name == "-" && opts == ""
}
