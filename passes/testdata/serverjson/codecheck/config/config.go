// Package config reads the environment; the package that builds the server imports it.
package config

import (
	"errors"
	"log"
	"os"
)

// APIKey is declared in server.json.
func APIKey() (string, error) {
	k := os.Getenv("WEATHER_API_KEY")
	if k == "" {
		return "", errors.New("WEATHER_API_KEY is not set")
	}
	return k, nil
}

// Region is required but not declared.
func Region() string {
	v, ok := os.LookupEnv("WEATHER_REGION")
	if !ok {
		log.Fatal("WEATHER_REGION is not set")
	}
	return v
}

// UpstreamToken is a credential the manifest forgot.
func UpstreamToken() string { return os.Getenv("WEATHER_UPSTREAM_TOKEN") }

// CacheTTL is an optional knob: a manifest rightly leaves it out.
func CacheTTL() string { return os.Getenv("WEATHER_CACHE_TTL") }
