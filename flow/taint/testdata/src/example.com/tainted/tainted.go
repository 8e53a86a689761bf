package tainted

import (
	"fmt"
	"os"
	"strings"
)

// secret and token are the sources; sink reports what its argument is made of.
func secret() string { return "s3cr3t" }

func sink(s string) {}

func sinkAny(v any) {}

type config struct {
	BaseURL string
	Token   string
}

func direct() {
	sink(secret()) // want `secret\(\) via 0`
}

func concatenated() {
	s := "Bearer " + secret()
	sink(s) // want `secret\(\) via 1`
}

func formatted() {
	sink(fmt.Sprintf("token=%s", os.Getenv("API_TOKEN"))) // want `API_TOKEN`
}

func phi(b bool) {
	s := "x"
	if b {
		s = secret()
	}
	sink(s) // want `secret\(\)`
}

func converted() {
	b := []byte(secret())
	sink(string(b)) // want `secret\(\)`
}

func fieldSensitive() {
	var cfg config
	cfg.BaseURL = "https://example.com"
	cfg.Token = secret()
	sink(cfg.BaseURL)
	sink(cfg.Token) // want `secret\(\)`
}

func captured() func() {
	tok := os.Getenv("SERVICE_TOKEN")
	return func() {
		sink("auth: " + tok) // want `SERVICE_TOKEN`
	}
}

func capturedByReference() func() {
	tok := ""
	f := func() {
		sink(tok) // want `secret\(\)`
	}
	tok = secret()
	return f
}

func appended() {
	parts := []string{"a"}
	parts = append(parts, secret())
	sinkAny(parts) // want `secret\(\)`
}

func element() {
	var arr [2]string
	arr[1] = secret()
	sinkAny(arr) // want `secret\(\)`
}

// A map's updates are not followed: ranging over m gives what m was made of, a parameter.
func mapRange(m map[string]string) {
	m["k"] = secret()
	for _, v := range m {
		sink(v)
	}
}

// Near misses: a parameter, a constant, a length, a call the walk does not go through.
func nearMisses(p string) {
	sink(p)
	sink("constant")
	sink(fmt.Sprint(len(secret())))
	sink(strings.ToUpper(secret()))
}
