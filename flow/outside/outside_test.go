package outside

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/types/typeutil"
)

const src = `package p

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

func fetch(ctx context.Context, id string) (string, error) { return id, nil }

func f(ctx context.Context) {
	resp, _ := http.Get("https://example.com")
	_, _ = io.ReadAll(resp.Body)
	_, _ = io.ReadAll(strings.NewReader("x"))
	_, _ = io.ReadAll(io.LimitReader(resp.Body, 10))
	_, _ = os.ReadFile("x")
	_ = filepath.Walk(".", nil)
	_ = filepath.Join("a", "b")
	_ = strings.ToUpper("x")
	_, _ = http.NewRequest("GET", "https://example.com", nil)
	_, _ = fetch(ctx, "1")
	_, _ = json.Marshal(1)
}
`

// typeCheck parses and type-checks src as package p.
func typeCheck(t *testing.T, src string) (*ast.File, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if _, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	return f, info
}

// The calls that leave the process, the body reads, and the serialisers, by the text of the
// call.
func TestCallsThatLeaveTheProcess(t *testing.T) {
	f, info := typeCheck(t, src)
	type verdict struct {
		upstream, body, serialiser string
	}
	got := map[string]verdict{}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		v := verdict{upstream: UpstreamCall(info, call), serialiser: Serialiser(info, call)}
		if ReadsResponseBody(info, call) {
			v.body = "body"
		}
		got[types.ExprString(call)] = v
		return true
	})
	want := map[string]verdict{
		`http.Get("https://example.com")`:                    {upstream: "http.Get"},
		`io.ReadAll(resp.Body)`:                              {upstream: "io.ReadAll", body: "body", serialiser: "a raw upstream response body"},
		`io.ReadAll(strings.NewReader("x"))`:                 {},
		`io.ReadAll(io.LimitReader(resp.Body, 10))`:          {upstream: "io.ReadAll", body: "body", serialiser: "a raw upstream response body"},
		`os.ReadFile("x")`:                                   {upstream: "os.ReadFile"},
		`filepath.Walk(".", nil)`:                            {upstream: "filepath.Walk"},
		`filepath.Join("a", "b")`:                            {},
		`strings.ToUpper("x")`:                               {},
		`http.NewRequest("GET", "https://example.com", nil)`: {},
		`fetch(ctx, "1")`:                                    {upstream: "fetch"},
		`json.Marshal(1)`:                                    {serialiser: "JSON-serialised data (json.Marshal)"},
	}
	for call, w := range want {
		if g, ok := got[call]; !ok || g != w {
			t.Errorf("%s: got %+v, want %+v", call, g, w)
		}
	}
}

const logSrc = `package p

import (
	"context"
	"log"
	"log/slog"
)

type appLogger struct{}

func (appLogger) Errorf(string, ...any) {}
func (appLogger) Close() error          { return nil }

type client struct{}

func (client) Error(string) {}

func f(ctx context.Context, l appLogger, c client, sl *slog.Logger) {
	slog.Error("x")
	log.Printf("x")
	sl.ErrorContext(ctx, "x")
	l.Errorf("x")
	_ = l.Close()
	c.Error("x")
}
`

// A call that writes a log record, by the text of the call.
func TestLogs(t *testing.T) {
	f, info := typeCheck(t, logSrc)
	want := map[string]bool{`slog.Error("x")`: true, `log.Printf("x")`: true, `sl.ErrorContext(ctx, "x")`: true, `l.Errorf("x")`: true, `l.Close()`: false, `c.Error("x")`: false}
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			fn, _ := typeutil.Callee(info, call).(*types.Func)
			if w, ok := want[types.ExprString(call)]; ok && Logs(fn) != w {
				t.Errorf("Logs(%s) = %v, want %v", types.ExprString(call), !w, w)
			}
		}
		return true
	})
}
