package srv

import (
	"context"
	"net/http"
)

// fetchWeather stands for an API client's call: it sends a request with the context.
func fetchWeather(ctx context.Context) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://weather.example/today", nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return "sunny", nil
}
