package credentials

import "testing"

// The names that say a value holds a credential, and their near misses: a page token, a
// token count, a secret's name, a token's URL or file.
func TestCredentialName(t *testing.T) {
	for name, want := range map[string]bool{
		"GITHUB_TOKEN": true, "APIKey": true, "apiKey": true, "ClientSecret": true,
		"dbPassword": true, "DATABASE_DSN": true, "GITHUB_PAT": true, "DB_PWD": true,
		"Token": true, "slack_bot_token": true, "SEARCH_API_KEY": true, "AccessToken": true,
		"PageToken": false, "NEXT_PAGE_TOKEN": false, "MaxTokens": false, "SecretName": false,
		"TokenURL": false, "TOKEN_FILE": false, "APIKeyHeader": false, "Key": false,
		"SortKey": false, "Pat": false, "Tokenizer": false, "region": false,
		"DATABASE_URL": true, "MONGODB_URI": true, "redisURL": true, "ConnectionString": true,
		"BASE_URL": false, "ApiURL": false, "ServerURI": false, "String": false,
	} {
		if got := credentialName(name); got != want {
			t.Errorf("credentialName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestNameWords(t *testing.T) {
	for name, want := range map[string]string{
		"APIKey": "api key", "GITHUB_TOKEN": "github token", "clientSecret": "client secret",
		"x-api-key": "x api key", "OAuth2Token": "o auth2 token",
	} {
		got := ""
		for i, w := range nameWords(name) {
			if i > 0 {
				got += " "
			}
			got += w
		}
		if got != want {
			t.Errorf("nameWords(%q) = %q, want %q", name, got, want)
		}
	}
}
