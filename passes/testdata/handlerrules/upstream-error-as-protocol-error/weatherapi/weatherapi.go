// Package weatherapi is the HTTP client package a's handlers reach through interfaces of
// their own: its methods take no context, but they leave the process.
package weatherapi

import (
	"fmt"
	"io"
	"net/http"
)

// Client calls the weather service.
type Client struct{ base string }

// Forecast fetches the forecast of city.
func (c *Client) Forecast(city string) (string, error) {
	resp, err := http.Get(c.base + "/forecast?city=" + city)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// Alerts goes through Forecast: a caller of a caller of HTTP leaves the process too.
func (c *Client) Alerts(city string) (string, error) {
	f, err := c.Forecast(city)
	if err != nil {
		return "", fmt.Errorf("alerts: %w", err)
	}
	return f, nil
}

// Units only formats: it never leaves the process.
func (c *Client) Units(system string) (string, error) {
	if system != "metric" && system != "imperial" {
		return "", fmt.Errorf("unknown unit system %q", system)
	}
	return system, nil
}
