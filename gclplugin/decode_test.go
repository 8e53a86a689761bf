package gclplugin

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/mcplint-go/mcplint/analyzers"
)

// everySetting sets every key of analyzers.Config, with keys in mixed case as a user might
// write them (golangci-lint would lower-case them; a direct caller might not).
const everySetting = `
Enable: [directives, Result-And-Error]
DISABLE: [ignore-unused]
Fail-On: warning
Show: info
Min-Coverage: 80
Severity:
  Result-And-Error: warning
Plain-Handler-Errors: true
portability: strict
Format-Allowlist: [date-time, uuid]
Registrars:
  - Func: example.com/app/tools.Register
    TOOL: 1
    handler: 2
Server-JSON: deploy/server.json
Description-Token-Budget: 500
surface-token-budget: 9000
Clients: [openai, gemini]
`

func yamlSettings(t *testing.T, text string) any {
	t.Helper()
	var raw any
	require.NoError(t, yaml.Unmarshal([]byte(text), &raw))
	return raw
}

func TestDecodeEverySettingIgnoringKeyCase(t *testing.T) {
	cfg, err := DecodeSettings(yamlSettings(t, everySetting))
	require.NoError(t, err)
	assert.Equal(t, &analyzers.Config{
		Enable:                 []string{"directives", "Result-And-Error"},
		Disable:                []string{"ignore-unused"},
		FailOn:                 "warning",
		Show:                   "info",
		MinCoverage:            80,
		Severity:               map[string]string{"result-and-error": "warning"},
		PlainHandlerErrors:     true,
		Portability:            "strict",
		FormatAllowlist:        []string{"date-time", "uuid"},
		Registrars:             []analyzers.Registrar{{Func: "example.com/app/tools.Register", Tool: 1, Handler: 2}},
		ServerJSON:             "deploy/server.json",
		DescriptionTokenBudget: 500,
		SurfaceTokenBudget:     9000,
		Clients:                []string{"openai", "gemini"},
	}, cfg)
}

// TestEverySettingIsCovered fails when Config gains a key that everySetting does not set,
// so that a new setting cannot ship without a decoding test.
func TestEverySettingIsCovered(t *testing.T) {
	raw := yamlSettings(t, everySetting).(map[string]any)
	given := map[string]bool{}
	for k := range raw {
		given[strings.ToLower(k)] = true
	}
	typ := reflect.TypeFor[analyzers.Config]()
	for i := range typ.NumField() {
		key := typ.Field(i).Tag.Get("mapstructure")
		require.NotEmpty(t, key, "Config.%s has no mapstructure tag, so golangci-lint users cannot set it", typ.Field(i).Name)
		assert.True(t, given[key], "everySetting does not set %q", key)
	}
}

func TestDecodeAsGolangciLintHandsItOver(t *testing.T) {
	// viper: lower-cased keys, lists as []any, numbers as int (YAML) or float64 (JSON).
	raw := map[string]any{
		"enable":     []any{"result-and-error"},
		"registrars": []any{map[string]any{"func": "example.com/x.Add", "tool": float64(0), "handler": int64(-1)}},
	}
	cfg, err := DecodeSettings(raw)
	require.NoError(t, err)
	assert.Equal(t, []string{"result-and-error"}, cfg.Enable)
	assert.Equal(t, []analyzers.Registrar{{Func: "example.com/x.Add", Tool: 0, Handler: -1}}, cfg.Registrars)
	assert.Equal(t, "error", cfg.FailOn, "unset keys keep their defaults")
	assert.Equal(t, analyzers.NewConfig().FormatAllowlist, cfg.FormatAllowlist)
}

func TestDecodeNothingIsTheDefaults(t *testing.T) {
	for _, raw := range []any{nil, map[string]any{}, (*map[string]any)(nil)} {
		cfg, err := DecodeSettings(raw)
		require.NoError(t, err)
		assert.Equal(t, analyzers.NewConfig(), cfg)
	}
	cfg, err := DecodeSettings(yamlSettings(t, "enable:\nformat-allowlist: []\n"))
	require.NoError(t, err)
	assert.Equal(t, analyzers.NewConfig(), cfg, "a key without a value, or an empty allowlist, keeps the default")
}

func TestDecodeErrorsNameThePath(t *testing.T) {
	for name, tc := range map[string]struct {
		settings string
		want     []string
	}{
		"unknown key": {
			"plain-handler-error: true\n",
			[]string{`plain-handler-error: unknown key (did you mean "plain-handler-errors"?); the keys are enable, disable, fail-on,`},
		},
		"unknown key keeps its spelling": {
			"Enabel: [x]\n",
			[]string{`Enabel: unknown key (did you mean "enable"?)`},
		},
		"unknown nested key": {
			"registrars:\n  - func: a.B\n    handlr: 1\n",
			[]string{`registrars[0].handlr: unknown key (did you mean "handler"?); the keys are func, tool, handler`},
		},
		"list wanted": {
			"enable: result-and-error\n",
			[]string{`enable: want a list, got the string "result-and-error"`},
		},
		"integer wanted": {
			"registrars:\n  - {func: a.B, tool: 0, handler: 1}\n  - {func: a.C, tool: one}\n",
			[]string{`registrars[1].tool: want an integer, got the string "one"`},
		},
		"fraction is no integer": {
			"registrars: [{func: a.B, tool: 1.5}]\n",
			[]string{`registrars[0].tool: want an integer, got the number 1.5`},
		},
		"boolean wanted": {
			"plain-handler-errors: yes please\n",
			[]string{`plain-handler-errors: want true or false, got the string "yes please"`},
		},
		"string wanted": {
			"fail-on: [error]\n",
			[]string{`fail-on: want a string, got a list`},
		},
		"mapping wanted": {
			"severity: [result-and-error]\n",
			[]string{`severity: want a mapping, got a list`},
		},
		"settings not a mapping": {
			"- enable\n",
			[]string{`settings: want a mapping of mcplint settings, got a list`},
		},
		"same key twice in different case": {
			"enable: [a]\nEnable: [b]\n",
			[]string{`given twice (as "Enable" and "enable"; keys are case-insensitive)`},
		},
		"every problem at once": {
			"enabel: [x]\nportability: 3\n",
			[]string{`enabel: unknown key`, `portability: want a string, got the number 3`},
		},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := DecodeSettings(yamlSettings(t, tc.settings))
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestDecodeRejectsNonStringKeys(t *testing.T) {
	_, err := DecodeSettings(map[any]any{1: true})
	require.ErrorContains(t, err, "key 1 is not a string")
}

func FuzzDecodeSettings(f *testing.F) {
	f.Add(everySetting)
	f.Add("registrars: [{func: a.B, tool: 1e300}]\n")
	f.Add("severity: {x: [1]}\nenable: [~, 3]\n")
	f.Add("[[[]]]")
	f.Fuzz(func(t *testing.T, text string) {
		var raw any
		if yaml.Unmarshal([]byte(text), &raw) != nil {
			return
		}
		cfg, err := DecodeSettings(raw)
		if err != nil {
			assert.NotEmpty(t, err.Error())
			return
		}
		// Whatever decodes either builds analyzers or fails with an error, never a panic.
		_, _ = New(raw)
		require.NotNil(t, cfg)
	})
}

func TestDecodeRejectsOutOfRangeIntegers(t *testing.T) {
	_, err := DecodeSettings(map[string]any{"registrars": []any{map[string]any{"func": "a.B", "tool": int64(1) << 40}}})
	require.ErrorContains(t, err, "registrars[0].tool: want an integer, got the number 1099511627776")
}
