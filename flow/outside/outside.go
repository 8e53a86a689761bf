// Package outside tells the calls of a handler that leave the process (an API client, HTTP,
// a database, a file, a subprocess) from those that do not, and names the data that comes back
// from outside: a raw HTTP response body, a serialisation of it. The handler rules draw the
// line between a local and an upstream failure here. It knows the standard library's names and
// nothing of the SDKs.
package outside

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
)

// UpstreamCall returns how to name call when it reaches outside the process (a call that
// takes a context.Context, reads an HTTP response body, or is one of the standard library's
// file, network, HTTP, database or subprocess operations), or "". Calls of function values
// are not judged.
func UpstreamCall(info *types.Info, call *ast.CallExpr) string {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	name := types.ExprString(call.Fun)
	if fn == nil {
		// A function value (a middleware's next, a callback) says nothing of where it goes.
		return ""
	}
	if BuildsRequest(fn) {
		return ""
	}
	if t := info.TypeOf(call.Fun); t != nil {
		if sig, ok := t.Underlying().(*types.Signature); ok && TakesContext(sig) {
			return name
		}
	}
	if ReadsResponseBody(info, call) || StdlibIO(fn) {
		return name
	}
	return ""
}

// StdlibIO reports whether fn is one of the standard library's file, network, HTTP, database
// or subprocess operations: a function of ioPackages named in ioFuncs, or a method of one of
// their ioTypes.
func StdlibIO(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Pkg() != nil && ioPackages[n.Obj().Pkg().Path()] && ioTypes[n.Obj().Name()]
	}
	return ioPackages[fn.Pkg().Path()] && ioFuncs[fn.Name()]
}

// ioPackages are the standard library packages whose operations leave the process.
var ioPackages = map[string]bool{"os": true, "os/exec": true, "net": true, "net/http": true, "database/sql": true, "io/ioutil": true, "path/filepath": true}

// ioTypes are their types whose methods do the I/O.
var ioTypes = map[string]bool{"File": true, "Cmd": true, "Client": true, "Conn": true, "DB": true, "Tx": true, "Stmt": true, "Rows": true, "Row": true, "Dialer": true, "Resolver": true, "Listener": true, "TCPConn": true, "UDPConn": true, "UnixConn": true}

// ioFuncs are their functions that do I/O.
var ioFuncs = map[string]bool{
	"Open": true, "OpenFile": true, "Create": true, "ReadFile": true, "WriteFile": true, "ReadDir": true,
	"Stat": true, "Lstat": true, "Remove": true, "RemoveAll": true, "Rename": true, "Mkdir": true,
	"MkdirAll": true, "MkdirTemp": true, "CreateTemp": true, "Chmod": true, "Chdir": true, "Readlink": true,
	"Get": true, "Post": true, "PostForm": true, "Head": true,
	"Dial": true, "DialTimeout": true, "Listen": true, "LookupHost": true, "LookupIP": true,
	"LookupPath": true, "ReadAll": true, "TempDir": true, "TempFile": true,
	"Walk": true, "WalkDir": true, "Glob": true, "EvalSymlinks": true,
}

// requestBuilders are the names API clients give the method that only builds a request
// (go-github's, godo's and go-atlassian's client.NewRequest take a context and fail on their
// own input; the call that reaches the server is the Do or Call after them).
var requestBuilders = map[string]bool{"NewRequest": true, "NewRequestWithContext": true, "NewRequestWithBody": true}

// localStdlib are standard library calls that take a context.Context but fail only on
// their own input.
var localStdlib = map[string]bool{"net/http.NewRequestWithContext": true, "net/http.NewRequest": true}

// BuildsRequest reports whether fn only builds a request (net/http's, or a client's request
// builder): it may take a context, but fails only on its own input.
func BuildsRequest(fn *types.Func) bool {
	return fn != nil && (fn.Pkg() != nil && localStdlib[fn.Pkg().Path()+"."+fn.Name()] || requestBuilders[fn.Name()])
}

// TakesContext reports whether a function of signature sig takes a context.Context: a call
// of one may leave the process.
func TakesContext(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		if astutil.IsContext(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// ReadsResponseBody reports whether an argument of call reads an HTTP response's body
// (io.ReadAll(resp.Body)): the read fails upstream, so its error is a cause worth keeping.
func ReadsResponseBody(info *types.Info, call *ast.CallExpr) bool {
	found := false
	for _, arg := range call.Args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && IsResponseBody(info, sel) {
				found = true
			}
			return !found
		})
	}
	return found
}

// fieldOwner is the type that declares the field sel selects: for a field promoted from an
// embedded struct (github.Response embeds *http.Response), the embedded type.
func fieldOwner(info *types.Info, sel *ast.SelectorExpr) types.Type {
	t := info.TypeOf(sel.X)
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return t
	}
	t = s.Recv()
	path := s.Index()
	for _, i := range path[:len(path)-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		t = st.Field(i).Type()
	}
	return t
}

// IsResponseBody reports whether sel selects the Body of an HTTP response, also through a type
// that embeds one.
func IsResponseBody(info *types.Info, sel *ast.SelectorExpr) bool {
	return sel.Sel.Name == "Body" && IsHTTPResponse(fieldOwner(info, sel))
}

// IsHTTPResponse reports whether t is net/http.Response, a pointer to it, or a struct that
// embeds one.
func IsHTTPResponse(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Response"
}

// LimitedReader looks through readers that only bound or buffer another:
// io.LimitReader(r, n), bufio.NewReader(r), http.MaxBytesReader(w, r, n).
func LimitedReader(info *types.Info, e ast.Expr) ast.Expr {
	for range 4 {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return e
		}
		switch {
		case astutil.IsPkgFunc(info, c, "io", "LimitReader") && len(c.Args) == 2,
			astutil.IsPkgFunc(info, c, "bufio", "NewReader") && len(c.Args) == 1,
			astutil.IsPkgFunc(info, c, "bufio", "NewReaderSize") && len(c.Args) == 2:
			e = c.Args[0]
		case astutil.IsPkgFunc(info, c, "net/http", "MaxBytesReader") && len(c.Args) == 3:
			e = c.Args[1]
		default:
			return e
		}
	}
	return e
}

// Serialiser names the serialising call c is, or "".
func Serialiser(info *types.Info, c *ast.CallExpr) string {
	fn, ok := typeutil.Callee(info, c).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return ""
	}
	switch path, name := fn.Pkg().Path(), fn.Name(); {
	case path == "encoding/json" && (name == "Marshal" || name == "MarshalIndent"):
		return "JSON-serialised data (json." + name + ")"
	case path == "net/http/httputil" && strings.HasPrefix(name, "Dump"):
		return "an HTTP dump (httputil." + name + ")"
	case path == "io" && name == "ReadAll" && len(c.Args) == 1:
		if sel, ok := ast.Unparen(LimitedReader(info, c.Args[0])).(*ast.SelectorExpr); ok && IsResponseBody(info, sel) {
			return "a raw upstream response body"
		}
	}
	return ""
}

// TextTransforms are strings/bytes functions whose result is their first argument, trimmed
// or recased: the upstream data is still there.
var TextTransforms = map[string]bool{
	"TrimSpace": true, "Trim": true, "TrimLeft": true, "TrimRight": true, "TrimPrefix": true,
	"TrimSuffix": true, "ToLower": true, "ToUpper": true, "ReplaceAll": true, "Replace": true,
}

// Logs reports whether fn writes a log record: a function or method of log or log/slog, or a
// method named for a level (Error, Warnf, InfoContext, Log, Print, ...) of a logger type
// (zap's Logger and SugaredLogger, logrus' Logger and Entry, zerolog's Event, hclog's Logger,
// any type whose name ends in Logger).
func Logs(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if p := fn.Pkg().Path(); p == "log" || p == "log/slog" {
		return true
	}
	recv := fn.Signature().Recv()
	if recv == nil || !logLevel(fn.Name()) {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	name := n.Obj().Name()
	return strings.HasSuffix(name, "Logger") || (name == "Entry" || name == "Event") && strings.Contains(fn.Pkg().Path(), "log")
}

// logLevel reports whether a method name is a logging verb: a level, optionally formatted or
// taking a context (Errorf, Errorw, ErrorContext, Warning, Msg is zerolog's).
func logLevel(name string) bool {
	for _, level := range []string{"Debug", "Info", "Warn", "Error", "Print", "Log", "Trace", "Msg"} {
		if rest, ok := strings.CutPrefix(name, level); ok {
			switch rest {
			case "", "f", "w", "ln", "Context", "ing", "ingf", "Attrs":
				return true
			}
		}
	}
	return false
}
