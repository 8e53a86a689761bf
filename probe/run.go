package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/mcplint-go/mcplint/surface"
	"github.com/mcplint-go/mcplint/surface/live"
)

// Outcomes of a call.
const (
	IsError        = "is-error"        // an isError result: what a bad argument should get
	ProtocolError  = "protocol-error"  // a JSON-RPC error: the model never reads it
	Crash          = "crash"           // the server exited
	Hang           = "hang"            // no answer within the timeout
	Accepted       = "accepted"        // a result without isError for arguments that break the schema
	TransportError = "transport-error" // the transport failed otherwise
)

// Options are the user's choices for a probe.
type Options struct {
	Target live.Target
	// Timeout is how long a call may take before it is a hang.
	Timeout time.Duration
	// All calls tools that are not annotated read-only, or annotated destructive, too.
	All bool
	// Secrets are values no answer may carry (the tokens the server was given).
	Secrets []Secret
	// Interval is a pause between calls, for a server that limits its request rate.
	Interval time.Duration
}

// Result is one call and what came of it.
type Result struct {
	Call    Call   `json:"call"`
	Outcome string `json:"outcome"`
	// Text is the text content of an isError (or accepted) result.
	Text string `json:"text,omitempty"`
	// Code and Message are the JSON-RPC error's.
	Code    *int64 `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
	// Exit is how the server ended, for a crash.
	Exit *live.Exit `json:"exit,omitempty"`
	// Error is the transport's failure.
	Error string `json:"error,omitempty"`
	// OutputSchema lists how the result breaks the tool's own outputSchema.
	OutputSchema []string `json:"outputSchema,omitempty"`
	// Leaks names the secrets the answer carries.
	Leaks    []string        `json:"leaks,omitempty"`
	Request  json.RawMessage `json:"request"`
	Response json.RawMessage `json:"response,omitempty"`
}

// Tool is what the probe did with one listed tool.
type Tool struct {
	Name string `json:"name"`
	// Skipped says why the tool was not called.
	Skipped string   `json:"skipped,omitempty"`
	Results []Result `json:"results,omitempty"`
	// Handler is the handler the static surface ties the tool to, and HandlerPosition
	// where it is written ("" when the tool is not in the static surface).
	Handler         string `json:"handler,omitempty"`
	HandlerPosition string `json:"handlerPosition,omitempty"`
}

// Report is a probe's outcome.
type Report struct {
	Tools []*Tool `json:"tools"`
	// UnknownTool is the call to a tool the server does not list.
	UnknownTool *Result `json:"unknownTool,omitempty"`
	// Restarts counts the times the server was started again after a crash or a hang.
	Restarts int `json:"restarts"`
	// Stopped says why the probe ended before its last call (the server could not be
	// started again).
	Stopped string `json:"stopped,omitempty"`
	// CrossReference ties the answers to the static findings; nil without static analysis.
	CrossReference *CrossReference `json:"crossReference,omitempty"`
}

// Run starts the server, lists its tools and sends each its calls. It returns an error only
// when the server cannot be started or listed at all.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	s, err := live.Start(ctx, o.Target)
	if err != nil {
		return nil, err
	}
	defer func() { s.Close() }()
	lctx, cancel := context.WithTimeout(ctx, o.Target.StartTimeout+time.Minute)
	listed, err := s.Lists(lctx)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("tools/list: %w", err)
	}
	rep := &Report{Tools: []*Tool{}}
	names := map[string]bool{}
	for _, t := range listed.Tools {
		names[t.Name] = true
	}
	p := &prober{opts: o, session: s, report: rep}

	unknown := Call{Tool: UnknownToolName, Kind: UnknownTool, Arguments: map[string]any{}}
	for names[unknown.Tool] {
		unknown.Tool += "_"
	}
	if r, ok := p.send(ctx, unknown, nil); ok {
		rep.UnknownTool = &r
	}
	for _, entry := range listed.Tools {
		t := &Tool{Name: entry.Name}
		rep.Tools = append(rep.Tools, t)
		if ok, why := MayCall(entry); !ok && !o.All {
			t.Skipped = why + " (run with -all to call it)"
			continue
		}
		calls, why := Plan(entry)
		if calls == nil {
			t.Skipped = why
			continue
		}
		for _, c := range calls {
			if rep.Stopped != "" {
				break
			}
			if r, ok := p.send(ctx, c, entry); ok {
				t.Results = append(t.Results, r)
			}
		}
	}
	s = p.session
	return rep, nil
}

type prober struct {
	opts    Options
	session *live.Session
	report  *Report
	sent    int
}

// send makes one call and classifies the answer. After a crash or a hang the server is
// started again; when that fails the probe stops (ok false for calls not made).
func (p *prober) send(ctx context.Context, c Call, tool *surface.Entry) (Result, bool) {
	if p.report.Stopped != "" || ctx.Err() != nil {
		return Result{}, false
	}
	if p.sent > 0 && p.opts.Interval > 0 {
		select {
		case <-ctx.Done():
			return Result{}, false
		case <-time.After(p.opts.Interval):
		}
	}
	p.sent++
	x := p.session.Call(ctx, "tools/call", c.params(), p.opts.Timeout)
	r := classify(c, x, tool, p.opts.Secrets)
	if r.Outcome == Crash || r.Outcome == Hang || r.Outcome == TransportError {
		p.restart(ctx, r)
	}
	return r, true
}

func (p *prober) restart(ctx context.Context, r Result) {
	p.session.Close()
	if !p.session.Restartable() {
		if r.Outcome != Hang {
			p.report.Stopped = fmt.Sprintf("the server stopped answering after %s to %s, and mcplint did not start it, so cannot start it again", r.Call.Describe(), r.Call.Tool)
		}
		return
	}
	s, err := live.Start(ctx, p.opts.Target)
	if err != nil {
		p.report.Stopped = fmt.Sprintf("the server could not be started again after %s to %s: %v", r.Call.Describe(), r.Call.Tool, err)
		return
	}
	p.session = s
	p.report.Restarts++
}

// classify turns an exchange into a result.
func classify(c Call, x live.Exchange, tool *surface.Entry, secrets []Secret) Result {
	r := Result{Call: c, Request: x.Request, Response: x.Response}
	switch {
	case x.Exit != nil:
		r.Outcome, r.Exit = Crash, x.Exit
		return r
	case x.TimedOut:
		r.Outcome = Hang
		return r
	case x.Err != nil:
		r.Outcome, r.Error = TransportError, x.Err.Error()
		return r
	}
	var resp struct {
		Result *struct {
			IsError           bool `json:"isError"`
			Content           []struct{ Type, Text string }
			StructuredContent json.RawMessage `json:"structuredContent"`
		} `json:"result"`
		Error *struct {
			Code    int64  `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(x.Response, &resp); err != nil || (resp.Result == nil && resp.Error == nil) {
		r.Outcome, r.Error = TransportError, "the response is neither a result nor an error"
		return r
	}
	if e := resp.Error; e != nil {
		code := e.Code
		r.Outcome, r.Code, r.Message = ProtocolError, &code, e.Message
	} else {
		r.Outcome = Accepted
		if resp.Result.IsError {
			r.Outcome = IsError
		}
		var texts []string
		for _, ct := range resp.Result.Content {
			if ct.Type == "text" {
				texts = append(texts, ct.Text)
			}
		}
		r.Text = strings.Join(texts, "\n")
		if tool != nil && tool.OutputSchema != nil {
			r.OutputSchema = checkOutput(tool.OutputSchema, resp.Result.StructuredContent, resp.Result.IsError)
		}
	}
	r.Leaks = leaks(string(x.Response), secrets)
	return r
}

// checkOutput validates structured content against the tool's output schema. A result that
// is not an error must carry structured content when the tool declares an output schema.
func checkOutput(schema any, content json.RawMessage, isError bool) []string {
	if len(content) == 0 || string(content) == "null" {
		if isError {
			return nil
		}
		return []string{"no structuredContent, though the tool declares an outputSchema"}
	}
	raw, err := json.Marshal(schema)
	if err != nil {
		return nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	comp := jsonschema.NewCompiler()
	comp.UseLoader(refuseLoader{})
	comp.DefaultDraft(jsonschema.Draft2020)
	const url = "mcplint:outputSchema.json"
	if err := comp.AddResource(url, doc); err != nil {
		return []string{"its outputSchema cannot be read: " + err.Error()}
	}
	sch, err := comp.Compile(url)
	if err != nil {
		return []string{"its outputSchema cannot be compiled: " + err.Error()}
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(content))
	if err != nil {
		return []string{"structuredContent is not JSON: " + err.Error()}
	}
	err = sch.Validate(inst)
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []string
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			out = append(out, "/"+strings.Join(e.InstanceLocation, "/")+": "+e.ErrorKind.LocalizedString(english))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	sort.Strings(out)
	return out
}

var english = message.NewPrinter(language.English)

// refuseLoader keeps schema compilation offline: a $ref to anything outside the schema fails.
type refuseLoader struct{}

func (refuseLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("mcplint does not fetch %s", url)
}
