package mcpdefs

import (
	"go/types"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// ModelText names text a model reads, as the SDKs build it: a tool result's text, a tool
// error's text, content text (of a result or a prompt message), resource contents, descriptions.
type ModelText string

const (
	ResultText   ModelText = "tool result text"
	ErrorText    ModelText = "tool error text"
	ContentText  ModelText = "content text"
	ResourceText ModelText = "resource contents"
	// DescriptionText: a tool's, parameter's, prompt's or resource's description, which the
	// list methods send to the model.
	DescriptionText ModelText = "a description"
)

// modelTextArgs maps an SDK constructor or method to what its arguments become, and which
// arguments (SSA's, the receiver first for a method) those are.
var modelTextArgs = map[string]struct {
	text ModelText
	args []int
}{
	sdkapi.MarkLabsMCPPath + ".NewToolResultText":         {ResultText, []int{0}},
	sdkapi.MarkLabsMCPPath + ".NewToolResultStructured":   {ResultText, []int{1}},
	sdkapi.MarkLabsMCPPath + ".NewToolResultError":        {ErrorText, []int{0}},
	sdkapi.MarkLabsMCPPath + ".NewToolResultErrorf":       {ErrorText, []int{0, 1}},
	sdkapi.MarkLabsMCPPath + ".NewToolResultErrorFromErr": {ErrorText, []int{0, 1}},
	sdkapi.MarkLabsMCPPath + ".NewTextContent":            {ContentText, []int{0}},
	sdkapi.MarkLabsMCPPath + ".NewReadResourceResult":     {ResourceText, []int{0}},
	sdkapi.GoSDKMCPPath + ".CallToolResult.SetError":      {ErrorText, []int{1}},
	sdkapi.MarkLabsMCPPath + ".WithDescription":           {DescriptionText, []int{0}},
	sdkapi.MarkLabsMCPPath + ".Description":               {DescriptionText, []int{0}},
	sdkapi.MarkLabsMCPPath + ".WithPromptDescription":     {DescriptionText, []int{0}},
	sdkapi.MarkLabsMCPPath + ".ArgumentDescription":       {DescriptionText, []int{0}},
	sdkapi.MarkLabsMCPPath + ".WithResourceDescription":   {DescriptionText, []int{0}},
	sdkapi.MarkLabsMCPPath + ".WithTemplateDescription":   {DescriptionText, []int{0}},
}

// ModelTextArgs returns what fn's arguments become when fn is an SDK constructor whose text
// reaches the model, and the indexes of those arguments among an SSA call's (receiver
// first); ok is false for any other function.
func ModelTextArgs(fn *types.Func) (text ModelText, args []int, ok bool) {
	if fn == nil {
		return "", nil, false
	}
	m, ok := modelTextArgs[sdkapi.Key(fn.Origin())]
	return m.text, m.args, ok
}

// modelTextFields maps an SDK type's string field to what the text stored in it becomes.
var modelTextFields = map[string]ModelText{
	sdkapi.GoSDKMCPPath + ".TextContent.Text":             ContentText,
	sdkapi.GoSDKMCPPath + ".ResourceContents.Text":        ResourceText,
	sdkapi.MarkLabsMCPPath + ".TextContent.Text":          ContentText,
	sdkapi.MarkLabsMCPPath + ".TextResourceContents.Text": ResourceText,
	sdkapi.GoSDKMCPPath + ".Tool.Description":             DescriptionText,
	sdkapi.GoSDKMCPPath + ".Prompt.Description":           DescriptionText,
	sdkapi.GoSDKMCPPath + ".PromptArgument.Description":   DescriptionText,
	sdkapi.GoSDKMCPPath + ".Resource.Description":         DescriptionText,
	sdkapi.GoSDKMCPPath + ".ResourceTemplate.Description": DescriptionText,
	sdkapi.MarkLabsMCPPath + ".Tool.Description":          DescriptionText,
	sdkapi.JSONSchemaPath + ".Schema.Description":         DescriptionText,
}

// ModelTextField reports what text stored into field name of the struct type t (or a pointer
// to it) becomes, when t is an SDK type whose field the model reads.
func ModelTextField(t types.Type, name string) (ModelText, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", false
	}
	text, ok := modelTextFields[n.Obj().Pkg().Path()+"."+n.Obj().Name()+"."+name]
	return text, ok
}
