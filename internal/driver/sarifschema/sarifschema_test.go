package sarifschema

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const schema = "../testdata/sarif-schema-2.1.0.json"

func TestValidateAcceptsMinimalLog(t *testing.T) {
	assert.NoError(t, Validate(schema, []byte(`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[]}]}`)))
}

func TestValidateRejectsBrokenLogs(t *testing.T) {
	for name, doc := range map[string]string{
		"wrong version":  `{"version":"2.0.0","runs":[]}`,
		"no tool":        `{"version":"2.1.0","runs":[{"results":[]}]}`,
		"bad level":      `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"level":"fatal"}]}]}`,
		"negative index": `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"ruleIndex":-2}]}]}`,
		"not json":       `{`,
	} {
		assert.Error(t, Validate(schema, []byte(doc)), name)
	}
}
