// Package anthropicmsg bridges anthropic-sdk-go's Messages streaming and
// toolspec.
package anthropicmsg
