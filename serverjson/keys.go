package serverjson

import (
	"github.com/mcplint-go/mcplint/internal/suggest"
	"strings"
	"unicode"
)

// objectShape is one object type of the registry's Go model (the model
// mcp-publisher decodes server.json into: unknown keys vanish there).
type objectShape struct {
	name     string
	keys     []string
	objects  map[string]*objectShape // key -> shape of an object value
	arrays   map[string]*objectShape // key -> shape of each array element
	mapElems map[string]*objectShape // key -> shape of each value of a map object
	freeForm map[string]bool         // keys whose content is arbitrary
}

func (s *objectShape) has(key string) bool {
	for _, k := range s.keys {
		if k == key {
			return true
		}
	}
	return false
}

var inputKeys = []string{"description", "isRequired", "format", "value", "isSecret", "default", "placeholder", "choices"}

// shapes builds the model once per check; it is small and keeps the package
// free of shared mutable state.
func serverShape() *objectShape {
	input := &objectShape{name: "an input variable", keys: inputKeys}
	withVars := append(append([]string{}, inputKeys...), "variables")
	keyValue := &objectShape{name: "an environment variable or header", keys: append(append([]string{}, withVars...), "name"),
		mapElems: map[string]*objectShape{"variables": input}}
	argument := &objectShape{name: "an argument", keys: append(append([]string{}, withVars...), "type", "name", "valueHint", "isRepeated"),
		mapElems: map[string]*objectShape{"variables": input}}
	transport := &objectShape{name: "a transport", keys: []string{"type", "url", "headers", "variables"},
		arrays: map[string]*objectShape{"headers": keyValue}, mapElems: map[string]*objectShape{"variables": input}}
	pkg := &objectShape{name: "a package",
		keys:    []string{"registryType", "registryBaseUrl", "identifier", "version", "fileSha256", "runtimeHint", "transport", "runtimeArguments", "packageArguments", "environmentVariables"},
		objects: map[string]*objectShape{"transport": transport},
		arrays:  map[string]*objectShape{"runtimeArguments": argument, "packageArguments": argument, "environmentVariables": keyValue}}
	meta := &objectShape{name: "_meta", keys: []string{publisherProvidedKey}, freeForm: map[string]bool{publisherProvidedKey: true}}
	return &objectShape{name: "the server object",
		keys:    []string{"$schema", "name", "description", "title", "repository", "version", "websiteUrl", "icons", "packages", "remotes", "_meta"},
		objects: map[string]*objectShape{"repository": {name: "a repository", keys: []string{"url", "source", "id", "subfolder"}}, "_meta": meta},
		arrays: map[string]*objectShape{
			"icons":    {name: "an icon", keys: []string{"src", "mimeType", "sizes", "theme"}},
			"packages": pkg,
			"remotes":  transport,
		}}
}

// Common wrong spellings whose right spelling is not a near miss.
var keyAliases = map[string]string{
	"required":     "isRequired",
	"secret":       "isSecret",
	"repeated":     "isRepeated",
	"icon":         "icons",
	"package":      "packages",
	"remote":       "remotes",
	"env":          "environmentVariables",
	"envVars":      "environmentVariables",
	"environment":  "environmentVariables",
	"args":         "packageArguments",
	"arguments":    "packageArguments",
	"registry":     "registryType",
	"registryName": "registryType",
	"homepage":     "websiteUrl",
	"website":      "websiteUrl",
	"sha256":       "fileSha256",
	"hint":         "valueHint",
	"schema":       "$schema",
	"meta":         "_meta",
}

func (c *checker) checkUnknownKeys() {
	c.walkShape(c.root, serverShape())
}

func (c *checker) walkShape(n *Node, s *objectShape) {
	if n == nil || n.Kind != KindObject {
		return
	}
	for _, m := range n.Members {
		if !s.has(m.Key) {
			c.reportUnknownKey(m, s)
			continue
		}
		if s.freeForm[m.Key] {
			continue
		}
		if sub, ok := s.objects[m.Key]; ok {
			c.walkShape(m.Value, sub)
		}
		if sub, ok := s.arrays[m.Key]; ok && m.Value.Kind == KindArray {
			for _, e := range m.Value.Elems {
				c.walkShape(e, sub)
			}
		}
		if sub, ok := s.mapElems[m.Key]; ok && m.Value.Kind == KindObject {
			for _, vm := range m.Value.Members {
				c.walkShape(vm.Value, sub)
			}
		}
	}
}

func (c *checker) reportUnknownKey(m *Member, s *objectShape) {
	ptr := m.Value.Pointer
	const dropped = "mcp-publisher drops it"
	switch {
	case m.Key == "status" && s.name == "the server object":
		c.report(ruleUnknownKey, ptr, "key \"status\" is set by the registry; %s. Remove it", dropped)
		return
	case s.name == "_meta":
		c.report(ruleUnknownKey, ptr, "_meta key %q is unknown; %s. Put it under %q", m.Key, dropped, publisherProvidedKey)
		return
	}
	suggestion := suggestKey(m.Key, s)
	consequence := ""
	switch suggestion {
	case "isRequired":
		consequence = "; clients treat it as optional"
	case "isSecret":
		consequence = "; clients show it as plain text"
	}
	if suggestion != "" {
		c.report(ruleUnknownKey, ptr, "unknown key %q in %s is dropped%s. Write %q", m.Key, s.name, consequence, suggestion)
		return
	}
	c.report(ruleUnknownKey, ptr, "unknown key %q in %s; %s. Remove it or move it to _meta[%q]", m.Key, s.name, dropped, publisherProvidedKey)
}

// suggestKey finds the field the author probably meant.
func suggestKey(key string, s *objectShape) string {
	if alias, ok := keyAliases[key]; ok && s.has(alias) {
		return alias
	}
	if camel := snakeToCamel(key); camel != key && s.has(camel) {
		return camel
	}
	best, bestDist := "", 3
	for _, k := range s.keys {
		if strings.EqualFold(k, key) {
			return k
		}
		if d := suggest.Distance(strings.ToLower(k), strings.ToLower(key)); d < bestDist && len(key) > 3 {
			best, bestDist = k, d
		}
	}
	return best
}

func snakeToCamel(s string) string {
	if !strings.ContainsAny(s, "_-") {
		return s
	}
	var sb strings.Builder
	up := false
	for i, r := range s {
		if (r == '_' || r == '-') && i > 0 {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		sb.WriteRune(r)
	}
	return sb.String()
}
