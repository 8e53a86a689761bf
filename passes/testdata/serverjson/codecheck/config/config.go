// Package config reads the environment; the package that builds the server imports it.
package config

import "os"

func APIKey() string { return os.Getenv("WEATHER_API_KEY") }

func Region() string {
	if v, ok := os.LookupEnv("WEATHER_REGION"); ok {
		return v
	}
	return "eu"
}
