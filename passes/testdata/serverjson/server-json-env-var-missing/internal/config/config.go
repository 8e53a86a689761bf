// Package config reads the environment for both commands of the module.
package config

import (
	"log"
	"os"
)

// TLSCert is required, but only the HTTP server calls it.
func TLSCert() string {
	v := os.Getenv("TRANSPORT_TLS_CERT")
	if v == "" {
		log.Fatal("TRANSPORT_TLS_CERT is not set")
	}
	return v
}

// BaseURL is read on every transport, with a default.
func BaseURL() string {
	if v := os.Getenv("TRANSPORT_BASE_URL"); v != "" {
		return v
	}
	return "https://api.example.com"
}

// PublicBaseURL is the same variable, required where the HTTP server advertises itself.
func PublicBaseURL() string {
	v := os.Getenv("TRANSPORT_BASE_URL")
	if v == "" {
		log.Fatal("TRANSPORT_BASE_URL is not set")
	}
	return v
}
