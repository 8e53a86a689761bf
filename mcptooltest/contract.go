package mcptooltest

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// CheckErrorContract checks that every declared reason of tool reaches a
// client in the documented shape: through a real go-sdk server and client
// (in-memory transport), a handler returning
// call.Fail(reason, "") must give isError, the
// text
//
//	Error: <When>
//	Recovery: <Recovery>
//	Code: <Name> (<code>); Reason: <reason>; Retryable: <bool>
//
// and structuredContent.error {code, message, data: {reason, recovery:
// {hint}, retryable}}, valid against the tool's advertised output schema.
// The contract must also pass mcptool.Check without errors.
//
// The call's arguments are the zero value of In; when that is not valid
// input, use CheckErrorContractWith.
func CheckErrorContract[In, Out any](t TB, tool mcptool.Tool[In, Out]) {
	t.Helper()
	var zero In
	CheckErrorContractWith(t, tool, zero)
}

// CheckErrorContractWith is CheckErrorContract with in as the arguments.
func CheckErrorContractWith[In, Out any](t TB, tool mcptool.Tool[In, Out], in In) {
	t.Helper()
	if !definitionOK(t, tool) {
		return
	}
	if len(tool.Errors) == 0 {
		t.Logf("mcptooltest: tool %q declares no errors; nothing to check", tool.Name)
		return
	}
	var mu sync.Mutex
	var reason string
	probe := tool
	probe.Handler = func(_ context.Context, call *mcptool.Call, _ In) (Out, error) {
		mu.Lock()
		r := reason
		mu.Unlock()
		var zero Out
		return zero, call.Fail(r, "")
	}
	w, err := connect(probe)
	if err != nil {
		t.Errorf("mcptooltest: tool %q: %v", tool.Name, err)
		return
	}
	defer w.close()
	for _, entry := range tool.Errors {
		mu.Lock()
		reason = entry.Reason
		mu.Unlock()
		res, err := w.call(in)
		if err != nil {
			t.Errorf("mcptooltest: tool %q, reason %q: the call failed with a protocol error: %v", tool.Name, entry.Reason, err)
			continue
		}
		want := fmt.Sprintf("Error: %s\nRecovery: %s\nCode: %s (%d); Reason: %s; Retryable: %t",
			strings.TrimSpace(entry.When), strings.TrimSpace(entry.Recovery), entry.Code.String(), int(entry.Code), entry.Reason, entry.EffectiveRetryable())
		w.verify(t, entry, res, &want)
	}
}

// CheckErrorCases runs the tool's real handler with inputs chosen to
// trigger each declared reason (cases maps reason to input) and checks the
// client receives that reason with the declared code in the documented
// shape, valid against the advertised output schema. Declared reasons
// without a case are logged; a case for an undeclared reason fails. A
// failure that depends on state rather than input (a store that is down)
// needs CheckCases.
func CheckErrorCases[In, Out any](t TB, tool mcptool.Tool[In, Out], cases map[string]In) {
	t.Helper()
	all := make(map[string]Case[In], len(cases))
	for reason, in := range cases {
		all[reason] = Case[In]{In: in}
	}
	CheckCases(t, tool, all)
}

// Case is one error case for CheckCases: the input, and the state the
// handler must meet.
type Case[In any] struct {
	In In
	// Setup, when set, runs just before the call: it puts the fake
	// dependencies the tool was built with into the state this case needs
	// (the store is down, the quota is spent). The function it returns, if
	// not nil, runs after the call to put them back.
	Setup func() (restore func())
}

// CheckCases is CheckErrorCases with a Setup per case, so failures that
// depend on state can be driven through the real handler too. Cases run
// one at a time, in the order of their reasons.
func CheckCases[In, Out any](t TB, tool mcptool.Tool[In, Out], cases map[string]Case[In]) {
	t.Helper()
	if !definitionOK(t, tool) {
		return
	}
	w, err := connect(tool)
	if err != nil {
		t.Errorf("mcptooltest: tool %q: %v", tool.Name, err)
		return
	}
	defer w.close()
	declared := map[string]mcptool.ErrorContract{}
	for _, e := range tool.Errors {
		declared[e.Reason] = e
	}
	for _, reason := range sortedKeys(cases) {
		entry, ok := declared[reason]
		if !ok {
			t.Errorf("mcptooltest: tool %q: case for reason %q, which the contract does not declare", tool.Name, reason)
			continue
		}
		c := cases[reason]
		res, err := callIn(w, c)
		if err != nil {
			t.Errorf("mcptooltest: tool %q, reason %q: the call failed with a protocol error: %v", tool.Name, reason, err)
			continue
		}
		w.verify(t, entry, res, nil)
	}
	var untested []string
	for _, e := range tool.Errors {
		if _, ok := cases[e.Reason]; !ok {
			untested = append(untested, e.Reason)
		}
	}
	if len(untested) > 0 {
		t.Logf("mcptooltest: tool %q: no case for reason(s) %s", tool.Name, strings.Join(untested, ", "))
	}
}

// callIn runs one case: Setup, the call, then the restore Setup returned
// (even when the call fails).
func callIn[In any](w *wire, c Case[In]) (*mcp.CallToolResult, error) {
	if c.Setup != nil {
		if restore := c.Setup(); restore != nil {
			defer restore()
		}
	}
	return w.call(c.In)
}

func definitionOK[In, Out any](t TB, tool mcptool.Tool[In, Out]) bool {
	t.Helper()
	ok := true
	for _, f := range mcptool.Check(tool) {
		if f.Severity == mcptool.SeverityError {
			t.Errorf("mcptooltest: tool %q: %s", tool.Name, f)
			ok = false
		}
	}
	return ok
}

// wire is a connected in-memory server and client with one tool.
type wire struct {
	name    string
	client  *mcp.ClientSession
	server  *mcp.ServerSession
	schema  *jsonschema.Resolved
	closeFn func()
}

func connect[In, Out any](tool mcptool.Tool[In, Out]) (*wire, error) {
	ctx := context.Background()
	logger := slog.New(slog.DiscardHandler)
	s := mcp.NewServer(&mcp.Implementation{Name: "mcptooltest", Version: "v0"}, &mcp.ServerOptions{Logger: logger})
	mcptool.Add(s, tool, mcptool.WithLogger(logger))
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return nil, err
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "mcptooltest", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		_ = ss.Close()
		return nil, err
	}
	w := &wire{name: tool.Name, client: cs, server: ss}
	w.closeFn = func() { _ = cs.Close(); _ = ss.Wait() }
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		w.close()
		return nil, err
	}
	for _, tl := range list.Tools {
		if tl.Name != tool.Name {
			continue
		}
		raw, err := json.Marshal(tl.OutputSchema)
		if err != nil {
			w.close()
			return nil, err
		}
		var sch jsonschema.Schema
		if err := json.Unmarshal(raw, &sch); err != nil {
			w.close()
			return nil, fmt.Errorf("advertised output schema does not parse: %v", err)
		}
		if w.schema, err = sch.Resolve(nil); err != nil {
			w.close()
			return nil, fmt.Errorf("advertised output schema does not resolve: %v", err)
		}
	}
	return w, nil
}

func (w *wire) close() { w.closeFn() }

func (w *wire) call(in any) (*mcp.CallToolResult, error) {
	return w.client.CallTool(context.Background(), &mcp.CallToolParams{Name: w.name, Arguments: in})
}

// verify checks one error result against its contract entry. With
// wantText set, the text must equal it; otherwise its lines must agree with
// the structured error.
func (w *wire) verify(t TB, entry mcptool.ErrorContract, res *mcp.CallToolResult, wantText *string) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("mcptooltest: tool %q, reason %q: "+format, append([]any{w.name, entry.Reason}, args...)...)
	}
	if !res.IsError {
		fail("the result is not an error (isError is false)")
		return
	}
	raw, _ := json.Marshal(res.StructuredContent)
	var sc struct {
		Error *struct {
			Code    mcperr.Code `json:"code"`
			Message string      `json:"message"`
			Data    struct {
				Reason    string `json:"reason"`
				Retryable *bool  `json:"retryable"`
				Recovery  struct {
					Hint string `json:"hint"`
				} `json:"recovery"`
			} `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal(raw, &sc); err != nil || sc.Error == nil {
		fail("structuredContent has no error object: %s", raw)
		return
	}
	e := sc.Error
	if e.Code == mcperr.CodeInvalidParams && e.Data.Reason == "" && entry.Code != mcperr.CodeInvalidParams {
		fail("the arguments were rejected before the handler ran (%s); pass valid input (CheckErrorContractWith, or a valid case)", e.Message)
		return
	}
	if e.Code != entry.Code {
		fail("code %d (%s), the contract declares %d (%s)", int(e.Code), e.Code.String(), int(entry.Code), entry.Code.String())
	}
	if e.Data.Reason != entry.Reason {
		fail("data.reason is %q; the handler did not fail with this reason", e.Data.Reason)
		return
	}
	if e.Message == "" {
		fail("the message is empty")
	}
	if w.schema != nil {
		var v any
		_ = json.Unmarshal(raw, &v)
		if err := w.schema.Validate(v); err != nil {
			fail("structuredContent does not match the advertised output schema, so strict clients reject the result: %v", err)
		}
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	got := text.String()
	if wantText != nil {
		if got != *wantText {
			fail("text content is %q, want %q", got, *wantText)
		}
		if e.Data.Retryable == nil || *e.Data.Retryable != entry.EffectiveRetryable() {
			fail("data.retryable is not %t", entry.EffectiveRetryable())
		}
		if e.Data.Recovery.Hint != strings.TrimSpace(entry.Recovery) {
			fail("data.recovery.hint is %q", e.Data.Recovery.Hint)
		}
		return
	}
	// The text surface must carry what the structured one does.
	wantLines := []string{"Error: " + e.Message, "Code: " + e.Code.String() + " (" + strconv.Itoa(int(e.Code)) + "); Reason: " + entry.Reason}
	if e.Data.Recovery.Hint != "" {
		wantLines = append(wantLines, "Recovery: "+e.Data.Recovery.Hint)
	}
	for _, l := range wantLines {
		if !strings.Contains(got, l) {
			fail("text content %q lacks %q", got, l)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return sortedCopy(keys)
}
