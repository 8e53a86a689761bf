// Package handlershape tells a handler by its signature: the SDK types (request, result) each
// SDK's tool, resource and prompt handlers take and return, looked up in the packages an
// analysed package can see, and the handler shape a signature makes with them. It knows SDK
// type names and nothing of a package's code.
package handlershape

import (
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Types are the SDK types handler signatures are matched against, looked up in the
// packages the analysed package can see. A nil field means that SDK is not in reach.
type Types struct {
	pkgs map[string]*types.Package

	goCallReq, goCallRes, goReadReq, goReadRes, goPromptReq, goPromptRes     types.Type
	m3CallReq, m3CallRes, m3ReadReq, m3ResContents, m3PromptReq, m3PromptRes types.Type
	mcptoolCall                                                              types.Type
}

func lookupType(pkgs map[string]*types.Package, path, name string, pointer bool) types.Type {
	p := pkgs[path]
	if p == nil {
		return nil
	}
	obj, ok := p.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return nil
	}
	if pointer {
		return types.NewPointer(obj.Type())
	}
	return obj.Type()
}

// New looks the SDK types up in pkgs, the packages the analysed package can see.
func New(pkgs map[string]*types.Package) *Types {
	return &Types{
		pkgs:          pkgs,
		goCallReq:     lookupType(pkgs, sdkapi.GoSDKMCPPath, "CallToolRequest", true),
		goCallRes:     lookupType(pkgs, sdkapi.GoSDKMCPPath, "CallToolResult", true),
		goReadReq:     lookupType(pkgs, sdkapi.GoSDKMCPPath, "ReadResourceRequest", true),
		goReadRes:     lookupType(pkgs, sdkapi.GoSDKMCPPath, "ReadResourceResult", true),
		goPromptReq:   lookupType(pkgs, sdkapi.GoSDKMCPPath, "GetPromptRequest", true),
		goPromptRes:   lookupType(pkgs, sdkapi.GoSDKMCPPath, "GetPromptResult", true),
		m3CallReq:     lookupType(pkgs, sdkapi.MarkLabsMCPPath, "CallToolRequest", false),
		m3CallRes:     lookupType(pkgs, sdkapi.MarkLabsMCPPath, "CallToolResult", true),
		m3ReadReq:     lookupType(pkgs, sdkapi.MarkLabsMCPPath, "ReadResourceRequest", false),
		m3ResContents: astutil.SliceOf(lookupType(pkgs, sdkapi.MarkLabsMCPPath, "ResourceContents", false)),
		m3PromptReq:   lookupType(pkgs, sdkapi.MarkLabsMCPPath, "GetPromptRequest", false),
		m3PromptRes:   lookupType(pkgs, sdkapi.MarkLabsMCPPath, "GetPromptResult", true),
		mcptoolCall:   lookupType(pkgs, sdkapi.MCPToolPath, "Call", true),
	}
}

func identical(a, b types.Type) bool { return a != nil && b != nil && types.Identical(a, b) }

// Shape classifies a function signature as a handler, or returns ok=false.
func (s *Types) Shape(sig *types.Signature) (h mcpmodel.Handler, ok bool) {
	params, results := sig.Params(), sig.Results()
	if params.Len() < 2 || params.Len() > 3 || results.Len() < 2 || results.Len() > 3 || sig.Variadic() {
		return h, false
	}
	if !astutil.IsContext(params.At(0).Type()) || !astutil.IsError(results.At(results.Len()-1).Type()) {
		return h, false
	}
	req := params.At(1).Type()
	h.ResultIndex, h.OutIndex, h.ErrorIndex = 0, -1, results.Len()-1
	r0 := results.At(0).Type()
	two := params.Len() == 2 && results.Len() == 2
	switch {
	case identical(req, s.goCallReq):
		h.Kind, h.SDK = mcpmodel.Tool, sdkapi.GoSDK
		switch {
		case two && identical(r0, s.goCallRes):
			h.Flavour, h.Errors = mcpmodel.GoSDKTool, mcpmodel.ProtocolError
		case params.Len() == 3 && results.Len() == 3 && identical(r0, s.goCallRes):
			h.Flavour, h.Errors = mcpmodel.GoSDKTypedTool, mcpmodel.ToolError
			h.In, h.Out, h.OutIndex = params.At(2).Type(), results.At(1).Type(), 1
		default:
			return h, false
		}
	case identical(req, s.m3CallReq):
		h.Kind, h.SDK = mcpmodel.Tool, sdkapi.MarkLabs
		switch {
		case two && identical(r0, s.m3CallRes):
			h.Flavour, h.Errors = mcpmodel.MarkLabsTool, mcpmodel.ProtocolError
		case params.Len() == 3 && results.Len() == 2 && identical(r0, s.m3CallRes):
			h.Flavour, h.Errors = mcpmodel.MarkLabsTypedTool, mcpmodel.ProtocolError
			h.In = params.At(2).Type()
		case params.Len() == 3 && results.Len() == 2:
			h.Flavour, h.Errors = mcpmodel.MarkLabsStructuredTool, mcpmodel.ToolError
			h.In, h.Out, h.ResultIndex, h.OutIndex = params.At(2).Type(), r0, -1, 0
		default:
			return h, false
		}
	case identical(req, s.mcptoolCall):
		if params.Len() != 3 || results.Len() != 2 {
			return h, false
		}
		h.Kind, h.SDK, h.Flavour, h.Errors = mcpmodel.Tool, sdkapi.MCPTool, mcpmodel.MCPToolTool, mcpmodel.ToolError
		h.In, h.Out, h.ResultIndex, h.OutIndex = params.At(2).Type(), r0, -1, 0
	case params.Len() == 3 && results.Len() == 2 && identical(req, s.goReadReq) && identical(r0, s.goReadRes):
		// Only mcptool takes a third, typed parameter; its errors keep their mcperr code.
		h.Kind, h.SDK, h.Flavour, h.Errors = mcpmodel.Resource, sdkapi.MCPTool, mcpmodel.MCPToolResourceTemplate, mcpmodel.ProtocolError
		h.In = params.At(2).Type()
	case params.Len() == 3 && results.Len() == 2 && identical(req, s.goPromptReq) && identical(r0, s.goPromptRes):
		h.Kind, h.SDK, h.Flavour, h.Errors = mcpmodel.Prompt, sdkapi.MCPTool, mcpmodel.MCPToolPrompt, mcpmodel.ProtocolError
		h.In = params.At(2).Type()
	case two && identical(req, s.goReadReq) && identical(r0, s.goReadRes):
		h.Kind, h.SDK, h.Flavour, h.Errors = mcpmodel.Resource, sdkapi.GoSDK, mcpmodel.GoSDKResource, mcpmodel.ProtocolError
	case two && identical(req, s.m3ReadReq) && identical(r0, s.m3ResContents):
		h.Kind, h.SDK, h.Flavour, h.Errors = mcpmodel.Resource, sdkapi.MarkLabs, mcpmodel.MarkLabsResource, mcpmodel.ProtocolError
	case two && identical(req, s.goPromptReq) && identical(r0, s.goPromptRes):
		h.Kind, h.SDK, h.Flavour, h.Errors = mcpmodel.Prompt, sdkapi.GoSDK, mcpmodel.GoSDKPrompt, mcpmodel.ProtocolError
	case two && identical(req, s.m3PromptReq) && identical(r0, s.m3PromptRes):
		h.Kind, h.SDK, h.Flavour, h.Errors = mcpmodel.Prompt, sdkapi.MarkLabs, mcpmodel.MarkLabsPrompt, mcpmodel.ProtocolError
	default:
		return h, false
	}
	return h, true
}

// RequestType is the request parameter type of an SDK handler of kind on sdk.
func (s *Types) RequestType(sdk sdkapi.SDK, kind mcpmodel.Kind) types.Type {
	switch {
	case sdk == sdkapi.MCPTool && kind == mcpmodel.Tool:
		return s.mcptoolCall
	case sdk == sdkapi.MarkLabs && kind == mcpmodel.Tool:
		return s.m3CallReq
	case sdk == sdkapi.MarkLabs && kind == mcpmodel.Prompt:
		return s.m3PromptReq
	case sdk == sdkapi.MarkLabs:
		return s.m3ReadReq
	case kind == mcpmodel.Tool:
		return s.goCallReq
	case kind == mcpmodel.Prompt:
		return s.goPromptReq
	}
	return s.goReadReq
}
