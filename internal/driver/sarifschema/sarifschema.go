// Package sarifschema validates SARIF documents against the OASIS SARIF 2.1.0 JSON Schema
// (draft-04), with format assertions on. Tests of mcplint's SARIF output use it; the schema
// is data in internal/driver/testdata.
package sarifschema

import (
	"bytes"
	"fmt"
	"os"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Validate checks doc against the schema in schemaFile.
func Validate(schemaFile string, doc []byte) error {
	raw, err := os.ReadFile(schemaFile)
	if err != nil {
		return err
	}
	schemaDoc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("%s: %w", schemaFile, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft4)
	c.AssertFormat()
	const url = "file:///sarif-schema-2.1.0.json"
	if err := c.AddResource(url, schemaDoc); err != nil {
		return err
	}
	schema, err := c.Compile(url)
	if err != nil {
		return fmt.Errorf("compiling %s: %w", schemaFile, err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return fmt.Errorf("the SARIF document is not JSON: %w", err)
	}
	return schema.Validate(inst)
}
