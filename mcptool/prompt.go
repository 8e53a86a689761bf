package mcptool

import (
	"context"
	"fmt"
	"reflect"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/mcperr"
)

// Prompt is a prompt whose arguments arrive as A, a struct of string-like
// fields. Each field is an argument named by its json tag (else the field
// name) and described by its jsonschema tag; it is required unless it is a
// pointer or tagged omitempty.
type Prompt[A any] struct {
	Name        string
	Title       string
	Description string
	Meta        mcp.Meta
	// Handler builds the prompt. Errors become JSON-RPC errors with their
	// mcperr code.
	Handler func(ctx context.Context, req *mcp.GetPromptRequest, args A) (*mcp.GetPromptResult, error)
}

func compilePrompt[A any](p Prompt[A]) ([]binding, []Finding) {
	var fs findings
	if defcheck.IsBlank(p.Name) {
		fs.err(defcheck.RuleNameRequired, "the prompt has no Name, so clients cannot get it; set Name")
	}
	checkDescription(&fs, "prompt", p.Description)
	if p.Handler == nil {
		fs.err(defcheck.RulePromptHandlerRequired, "Handler is nil, so the prompt has nothing to produce; set Handler")
	}
	at := reflect.TypeFor[A]()
	binds, err := bindings(at, "")
	switch {
	case !structKind(at):
		fs.err(defcheck.RuleSchemaIsObject, "arguments type %s is not a struct; prompt arguments are named strings, so use a struct", at)
	case err != nil:
		fs.err(defcheck.RuleSchemaSerializable, "arguments type %s: %v; prompt arguments are strings", at, err)
	}
	return binds, fs
}

// CheckPrompt returns what AddPrompt would report for p.
func CheckPrompt[A any](p Prompt[A]) []Finding {
	_, fs := compilePrompt(p)
	return fs
}

// AddPrompt checks p and registers it on s with arguments derived from A.
// A missing required argument, or one that does not convert to its field's
// type, is an InvalidParams error.
func AddPrompt[A any](s *mcp.Server, p Prompt[A], opts ...Option) {
	o := buildOptions(opts)
	binds, fs := compilePrompt(p)
	findings(fs).report(o.logger, "mcptool.AddPrompt", "prompt", p.Name)
	def := &mcp.Prompt{Name: p.Name, Title: p.Title, Description: p.Description, Meta: p.Meta}
	for _, b := range binds {
		if b.unsupported {
			continue
		}
		def.Arguments = append(def.Arguments, &mcp.PromptArgument{Name: b.name, Description: b.desc, Required: !b.optional})
	}
	guard := &nilErrorGuard{logger: o.logger, kind: "prompt", name: p.Name}
	s.AddPrompt(def, func(ctx context.Context, req *mcp.GetPromptRequest) (res *mcp.GetPromptResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				o.logger.Error("mcptool: prompt handler panicked", "prompt", p.Name, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				res, err = nil, o.protocolError(mcperr.InternalError(fmt.Sprintf("prompt %q failed unexpectedly; the server logged the details", p.Name)), "")
			}
		}()
		var args A
		av := bindTarget(&args)
		for _, b := range binds {
			if b.unsupported {
				continue
			}
			v, ok := req.Params.Arguments[b.name]
			if !ok {
				if !b.optional {
					return nil, o.protocolError(mcperr.InvalidParams(fmt.Sprintf("prompt %q requires argument %q", p.Name, b.name),
						mcperr.WithData("argument", b.name), mcperr.WithCause(err)), "")
				}
				continue
			}
			if err := b.set(av, []string{v}); err != nil {
				return nil, o.protocolError(mcperr.InvalidParams(fmt.Sprintf("prompt %q argument %q: %v", p.Name, b.name, err),
					mcperr.WithData("argument", b.name), mcperr.WithCause(err)), "")
			}
		}
		res, err = p.Handler(ctx, req, args)
		if err = guard.clean(err); err != nil {
			return nil, o.protocolError(err, "")
		}
		if res == nil {
			return nil, o.protocolError(mcperr.InternalError(fmt.Sprintf("prompt %q produced no result; the server logged the details", p.Name)), "")
		}
		return res, nil
	})
}
