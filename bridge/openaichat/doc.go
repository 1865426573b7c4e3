// Package openaichat bridges openai-go's Chat Completions streaming and
// toolspec.
package openaichat
