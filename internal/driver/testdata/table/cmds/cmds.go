// Package cmds is the server's table of commands, in its own type; it imports no SDK. Package
// srv turns each element into a tool.
package cmds

import "fmt"

// Command is one tool: its name, description and the function that builds its arguments.
type Command struct {
	Name        string
	Description string
	Build       func(args map[string]string) ([]string, error)
}

// Apps are the app commands.
var Apps = []Command{
	{
		Name:        "apps-list",
		Description: "List the apps of the organization.",
		Build: func(args map[string]string) ([]string, error) {
			return []string{"apps", "list"}, nil
		},
	},
	{
		Name:        "apps-delete",
		Description: "Delete an app and everything it runs.",
		Build: func(args map[string]string) ([]string, error) {
			app, ok := args["app"]
			if !ok {
				return nil, fmt.Errorf("missing required argument: app")
			}
			return []string{"apps", "destroy", app}, nil
		},
	},
}

// Status is the one status command, written without a description.
var Status = []Command{
	{
		Name: "status",
		Build: func(args map[string]string) ([]string, error) {
			return []string{"status"}, nil
		},
	},
}
