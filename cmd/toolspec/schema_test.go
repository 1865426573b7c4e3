package main

// jsonOutcome is the JSON schema of the command's output, written out from
// docs/command.md ("JSON output") apart from package spec, so that the
// tests read the output as a client of the command would.
type jsonOutcome struct {
	Format     string          `json:"format"`
	Messages   int             `json:"messages"`
	Calls      []jsonCall      `json:"calls"`
	Items      []jsonItem      `json:"items"`
	StopReason string          `json:"stop_reason"`
	Stops      []jsonStop      `json:"stops"`
	Violations []jsonViolation `json:"violations"`
	Tail       string          `json:"tail,omitempty"`
}

type jsonCall struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Arguments  string   `json:"arguments"`
	Status     string   `json:"status"`
	Kind       string   `json:"kind"`
	Server     bool     `json:"server"`
	Message    int      `json:"message"`
	Choice     int      `json:"choice"`
	Signatures []string `json:"signatures,omitempty"`
	Namespace  string   `json:"namespace,omitempty"`
}

type jsonItem struct {
	Kind       string   `json:"kind"`
	Message    int      `json:"message"`
	Choice     int      `json:"choice"`
	Text       string   `json:"text,omitempty"`
	Call       *int     `json:"call,omitempty"`
	Signatures []string `json:"signatures,omitempty"`
}

type jsonStop struct {
	Message int    `json:"message"`
	Choice  int    `json:"choice"`
	Reason  string `json:"reason"`
	Raw     string `json:"raw"`
}

type jsonViolation struct {
	Rule    string `json:"rule"`
	Class   string `json:"class"`
	Frame   int    `json:"frame"`
	Offset  int64  `json:"offset"`
	Call    *int   `json:"call,omitempty"`
	Message string `json:"message"`
	Payload string `json:"payload,omitempty"`
}
