package serverjson

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/rule/severity"
)

func TestParsePositionsAndPointers(t *testing.T) {
	src := "{\n  \"a\": 1,\n  \"b/c\": [true, {\"~x\": \"é\"}],\n\t\"d\": null\n}"
	res := Parse([]byte(src), ParseLimits{})
	require.Nil(t, res.Err)
	root := res.Root
	require.Equal(t, KindObject, root.Kind)
	require.Equal(t, Pos{Offset: 0, Line: 1, Col: 1}, root.Pos)

	a := root.Get("a")
	require.Equal(t, Pos{Offset: 4, Line: 2, Col: 3}, a.KeyPos)
	require.Equal(t, "/a", a.Value.Pointer)
	require.Equal(t, "1", a.Value.Str)
	require.Equal(t, 8, a.Value.Pos.Col)

	bc := root.Get("b/c")
	require.Equal(t, "/b~1c", bc.Value.Pointer)
	require.Len(t, bc.Value.Elems, 2)
	inner := bc.Value.Elems[1]
	require.Equal(t, "/b~1c/1", inner.Pointer)
	x := inner.Get("~x")
	require.Equal(t, "/b~1c/1/~0x", x.Value.Pointer)
	require.Equal(t, "é", x.Value.Str)
	require.Equal(t, 3, x.KeyPos.Line)

	d := root.Get("d")
	require.Equal(t, Pos{Offset: 44, Line: 4, Col: 2}, d.KeyPos, "a tab counts as one byte column")
	require.Equal(t, KindNull, d.Value.Kind)
}

func TestParseStringEscapes(t *testing.T) {
	res := Parse([]byte(`["a\"b\\c\/d\b\f\n\r\t", "\u00e9\ud83d\ude00"]`), ParseLimits{})
	require.Nil(t, res.Err)
	require.Equal(t, "a\"b\\c/d\b\f\n\r\t", res.Root.Elems[0].Str)
	require.Equal(t, "é😀", res.Root.Elems[1].Str)
}

func TestParseErrorsPointAtTheProblem(t *testing.T) {
	cases := []struct {
		src  string
		rule string
		line int
		col  int
	}{
		{"{\n  \"a\": 1,\n}", ruleSyntax, 3, 1},
		{"{\"a\" 1}", ruleSyntax, 1, 6},
		{"{\"a\": tru}", ruleSyntax, 1, 7},
		{"{\"a\": 01}", ruleSyntax, 1, 8},
		{"{\"a\": \"x\ny\"}", ruleSyntax, 1, 9},
		{"{\"a\": \"\\q\"}", ruleSyntax, 1, 8},
		{"{\"a\": \"\\u12g4\"}", ruleSyntax, 1, 8},
		{"{} {}", ruleSyntax, 1, 4},
		{"{\"a\": [1, 2", ruleSyntax, 1, 12},
		{"", ruleSyntax, 1, 1},
		{"{\"a\": \"\xc3\x28\"}", ruleEncoding, 1, 8},
	}
	for _, tc := range cases {
		res := Parse([]byte(tc.src), ParseLimits{})
		require.NotNil(t, res.Err, "%q", tc.src)
		assert.Equal(t, tc.rule, res.Err.Rule, "%q", tc.src)
		assert.Equal(t, tc.line, res.Err.Pos.Line, "%q: %s", tc.src, res.Err.Msg)
		assert.Equal(t, tc.col, res.Err.Pos.Col, "%q: %s", tc.src, res.Err.Msg)
	}
}

func TestDuplicateKeyPointsAtTheRepeat(t *testing.T) {
	src := "{\n  \"name\": \"io.github.a/one\",\n  \"name\": \"io.github.a/two\"\n}"
	res := Parse([]byte(src), ParseLimits{})
	require.Nil(t, res.Err)
	require.Len(t, res.Findings, 1)
	require.Equal(t, ruleDuplicateKey, res.Findings[0].Rule)
	require.Equal(t, 3, res.Findings[0].Pos.Line)
	require.Contains(t, res.Findings[0].Message, "line 2")
	v, _ := res.Root.Value("name").String()
	require.Equal(t, "io.github.a/two", v, "the last value wins, as in Go's encoding/json")
}

func TestHostileInput(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000)
	cases := []struct {
		name string
		data []byte
		rule string
	}{
		{"empty", nil, ruleSyntax},
		{"whitespace only", []byte(" \t\r\n"), ruleSyntax},
		{"invalid utf-8", []byte("{\"name\": \"\xff\xfe\"}"), ruleEncoding},
		{"deep nesting", []byte(deep), ruleTooDeep},
		{"deep arrays", []byte(strings.Repeat("[", 1<<20)), ruleTooDeep},
		{"non-object root string", []byte(`"io.github.a/b"`), ruleType},
		{"non-object root number", []byte(`42`), ruleType},
		{"non-object root null", []byte(`null`), ruleType},
		{"unknown $schema URL", []byte(`{"$schema": "https://evil.example/schemas/../../etc/passwd/server.schema.json", "name": "io.github.a/b", "description": "d", "version": "1.0.0"}`), ruleSchemaUnknown},
		{"$schema not a string", []byte(`{"$schema": {"$ref": "https://evil.example/x"}, "name": "io.github.a/b", "description": "d", "version": "1.0.0"}`), ruleSchemaMissing},
		{"NUL bytes", []byte("{\"a\": \"\x00\"}"), ruleSyntax},
		{"lone low surrogate", []byte(`{"name": "\udc00"}`), ruleEncoding},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			diags := Check(tc.data, Options{})
			require.Less(t, time.Since(start), 5*time.Second)
			require.True(t, rulesOf(diags)[tc.rule], "want %s:%s", tc.rule, errorSummary(diags))
			for _, d := range diags {
				assertWellFormed(t, tc.data, d)
			}
		})
	}
}

func TestFiftyMegabytes(t *testing.T) {
	big := bytes.Repeat([]byte(" "), 50<<20)
	copy(big, `{"name": "io.github.a/b", "x": "`)
	big[len(big)-2] = '"'
	big[len(big)-1] = '}'

	start := time.Now()
	diags := Check(big, Options{})
	require.Less(t, time.Since(start), time.Second)
	require.Len(t, diags, 1)
	require.Equal(t, ruleTooLarge, diags[0].Rule)
	require.Equal(t, severity.Error, diags[0].Severity)

	path := filepath.Join(t.TempDir(), "server.json")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(50<<20)) // sparse: the test does not write 50 MB
	require.NoError(t, f.Close())
	start = time.Now()
	diags, err = CheckFile(path, Options{})
	require.NoError(t, err)
	require.Less(t, time.Since(start), time.Second)
	require.Len(t, diags, 1)
	require.Equal(t, ruleTooLarge, diags[0].Rule)
	require.Contains(t, diags[0].Message, "52428800 bytes")
}

func TestCheckFileErrorsAndPackageJSON(t *testing.T) {
	_, err := CheckFile(filepath.Join(t.TempDir(), "missing.json"), Options{})
	require.Error(t, err)

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "server.json"), doc(t, nil), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name": "weather", "version": "1.3.0"}`), 0o644))
	diags, err := CheckFile(filepath.Join(dir, "server.json"), Options{})
	require.NoError(t, err)
	require.True(t, rulesOf(diags)[ruleVersionSync], errorSummary(diags))
}

func TestSchemaVersions(t *testing.T) {
	vs := SchemaVersions()
	require.Equal(t, []string{"2025-07-09", "2025-09-16", "2025-09-29", "2025-10-11", "2025-10-17", "2025-12-11"}, vs)
	require.Equal(t, CurrentSchemaVersion, vs[len(vs)-1])
	for _, v := range vs {
		_, err := schemaFor(v)
		require.NoError(t, err, v)
	}
	_, err := schemaFor("draft")
	require.Error(t, err)
}

func TestDeclaredSchemaVersionIsTheOneApplied(t *testing.T) {
	// 2025-07-09 spelled packages in snake_case and forbade other keys; a
	// camelCase package fails that schema but passes the current one.
	legacy := doc(t, func(m map[string]any) { m["$schema"] = SchemaURL("2025-07-09") })
	require.True(t, rulesOf(Check(legacy, Options{}))[ruleSchema])
	require.False(t, rulesOf(Check(doc(t, nil), Options{}))[ruleSchema])
}

func TestSchemaViolationPosition(t *testing.T) {
	src := []byte("{\n  \"$schema\": \"" + SchemaURL(CurrentSchemaVersion) + "\",\n  \"name\": \"io.github.a/b\",\n  \"description\": \"d\",\n  \"version\": \"1.0.0\",\n  \"icons\": [{\"src\": \"https://example.com/i.png\", \"theme\": \"purple\"}]\n}")
	diags := Check(src, Options{})
	var found bool
	for _, d := range diags {
		if d.Rule == ruleSchema {
			found = true
			require.Equal(t, "/icons/0/theme", d.Pointer)
			require.Equal(t, 6, d.Pos.Line)
			require.Equal(t, 50, d.Pos.Col)
		}
	}
	require.True(t, found, errorSummary(diags))
}

func TestPerformanceOnLargeRealFile(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "mongodb-js__mongodb-mcp-server.json"))
	require.NoError(t, err)
	require.Greater(t, len(data), 50_000)
	Check(data, Options{}) // compiles the schema once
	const runs = 20
	start := time.Now()
	for i := 0; i < runs; i++ {
		Check(data, Options{})
	}
	// A few milliseconds on a laptop; the bound is loose for shared CI.
	require.Less(t, time.Since(start)/runs, 100*time.Millisecond)
}

func BenchmarkCheckMongoDB54KB(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "mongodb-js__mongodb-mcp-server.json"))
	require.NoError(b, err)
	Check(data, Options{})
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Check(data, Options{})
	}
}

func TestValidatorLoaderNeverFetches(t *testing.T) {
	_, err := refuseLoader{}.Load("https://static.modelcontextprotocol.io/schemas/2099-01-01/server.schema.json")
	require.Error(t, err)
	require.Contains(t, err.Error(), "only embedded")
}

func TestConcurrentChecksShareTheCompiledSchemas(t *testing.T) {
	a := doc(t, nil)
	b := doc(t, func(m map[string]any) { m["$schema"] = SchemaURL("2025-10-17"); m["title"] = strings.Repeat("t", 150) })
	want := [][]Diagnostic{Check(a, Options{}), Check(b, Options{})}
	done := make(chan struct{})
	for i := 0; i < 8; i++ {
		go func(i int) {
			defer func() { done <- struct{}{} }()
			data := [][]byte{a, b}[i%2]
			assert.Equal(t, want[i%2], Check(data, Options{}))
		}(i)
	}
	for i := 0; i < 8; i++ {
		<-done
	}
}

// TestParseColumnsAfterBOM checks that columns on the first line count from after a
// byte-order mark, as an editor shows them.
func TestParseColumnsAfterBOM(t *testing.T) {
	res := Parse([]byte("\xef\xbb\xbf{\"a\":1,\"a\":2}"), ParseLimits{})
	require.Nil(t, res.Err)
	require.Len(t, res.Findings, 2)
	require.Equal(t, Pos{Offset: 0, Line: 1, Col: 1}, res.Findings[0].Pos)
	require.Equal(t, Pos{Offset: 10, Line: 1, Col: 8}, res.Findings[1].Pos)
}
