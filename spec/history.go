package spec

// A History is one conversation as a request to a provider carries it, in a
// form that no format owns: the leading system prompt, the messages in
// order, the tools offered and the tool choice. SPEC.md's HIST rules judge
// it (every tool result answers exactly one call of the assistant turn
// before it, and so on) and its XLATE rules say what a translation from
// one format to another must keep.
//
// A decoder of a format's history (an OpenAI chat "messages" array, an
// Anthropic Messages request, ...) produces a History; an encoder writes
// one back, naming with a [ClassLoss] violation each element the format
// cannot carry. The canonical form is normalized so that two histories that
// mean the same request are equal:
//
//   - every tool result is its own message of role [RoleTool], holding
//     exactly one [PartResult] part, in the order of the wire (an
//     Anthropic, Bedrock or Gemini user turn that opens with results
//     becomes one tool message per result, then a user message with the
//     rest of the turn, if any);
//   - consecutive assistant content of one turn is one message (a
//     Responses "reasoning", "message" and "function_call" item run, or
//     the model's content parts in Gemini);
//   - system content before the first other message is [History.System],
//     one block per system block or system message, boundaries kept; a
//     system message after that is a message of role [RoleSystem].
//
// Other fields of a request (model, sampling, limits, metadata) are not part
// of a History; a translator carries them or not at its own discretion.
type History struct {
	System     []Part
	Messages   []Message
	Tools      []Tool
	ToolChoice ToolChoice
}

// Role is the author of a [Message].
type Role uint8

// Roles. The zero Role is invalid.
const (
	RoleUser Role = iota + 1
	RoleAssistant
	RoleTool   // one tool result (OpenAI and Ollama role "tool"; a result block elsewhere)
	RoleSystem // a system or developer message after the conversation began
)

// Message is one turn's content by one author, its blocks in wire order.
type Message struct {
	Role  Role
	Parts []Part
}

// PartKind says what a [Part] holds.
type PartKind uint8

// Part kinds. The zero PartKind is invalid.
const (
	PartText     PartKind = iota + 1 // Text
	PartThinking                     // Text and Signature
	PartRedacted                     // redacted or encrypted reasoning: Data, verbatim
	PartCall                         // a tool call: ID, Name, Args, CallKind
	PartResult                       // a tool result: ID (and Name), Content, IsError
	PartImage                        // an image or other media, kept opaque: Data is its JSON
	PartOpaque                       // a block no rule knows, kept verbatim: Data is its JSON
)

// Part is one content element of a message (a content block, in
// Anthropic's and Bedrock's words; a part, in Gemini's). Which fields count
// depends on Kind; the others are empty.
type Part struct {
	Kind PartKind
	// Text is the text of a text or thinking block.
	Text string
	// Signature is the verbatim signature of a thinking block (Anthropic,
	// Bedrock), or the thought signature a Gemini part carries on a text
	// or call part.
	Signature string
	// Data is the verbatim data of redacted reasoning, or the JSON text of
	// an image or opaque block as its format wrote it.
	Data string
	// Format is the format whose JSON Data is, for images and opaque
	// blocks: an encoder of another format cannot write it and names it
	// as a loss.
	Format Format
	// ID is a call's id, or the id of the call a result answers, verbatim;
	// empty where the format has none (Gemini and Ollama may omit it). On
	// a thinking or redacted part it is the id of the OpenAI Responses
	// reasoning item the part belongs to (parts of one item share it),
	// which a request must send back with the item; no other format has
	// one, so their encoders name it as an XLATE-1 loss.
	ID string
	// Name is a call's function name, or the name a result gives for the
	// tool it answers (Gemini's functionResponse.name, Ollama's
	// tool_name); empty where the format has none.
	Name string
	// Args is a call's arguments: the JSON text of one object.
	Args string
	// CallKind is CallFunction or CallCustom for a call, else
	// CallUnspecified.
	CallKind CallKind
	// ItemID is the id of the OpenAI Responses item of a call (a
	// function_call's or custom_tool_call's "id": fc_..., ctc_...),
	// verbatim, which a request sends back with the call so that the
	// reasoning item before it pairs with it (ID-12); Namespace is the
	// namespace a Responses call names its tool in (NAME-6). No other
	// format has either: their encoders name each as an XLATE-5 loss.
	ItemID    string
	Namespace string
	// Content is what a result returns: text, image and opaque blocks.
	Content []Part
	// IsError says a result reports a failure of the tool.
	IsError bool
}

// Tool is one tool offered to the model.
type Tool struct {
	Name        string
	Description string
	// Schema is the JSON text of the tool's input schema (a JSON Schema
	// object), verbatim; empty when the request gives none. A Gemini
	// declaration's parameters, Gemini's OpenAPI subset, is converted to
	// JSON Schema (XLATE-6).
	Schema string
	// Kind is CallCustom for a free-form (custom) tool, else CallFunction.
	Kind CallKind
	// Data is the JSON text of a tool no rule knows, kept verbatim: a
	// provider's own tool, such as Anthropic's web_search or OpenAI's
	// file_search, which is neither a function nor a custom tool (Kind is
	// CallUnspecified then, and Name is its name where it has one). A tool
	// without Data is a function tool unless Kind is CallCustom.
	// Format is the format whose JSON it is: an encoder of another format
	// cannot write it and names it as a loss.
	Data   string
	Format Format
	// Strict is whether the provider holds a function tool's calls to
	// its schema, as the request says it or, where it says nothing, as
	// its format's default is (XLATE-6): OpenAI Responses' strict is
	// true unless false, OpenAI chat's and Anthropic's false unless true,
	// and Gemini, Bedrock and Ollama have none (StrictOff). StrictUnset
	// is a History built by hand that does not say: an encoder writes
	// its format's default.
	Strict Strictness
}

// Strictness is a function tool's strict setting.
type Strictness uint8

// Strict settings. StrictUnset means the History does not say.
const (
	StrictUnset Strictness = iota
	StrictOn               // the calls are held to the schema ("strict": true)
	StrictOff              // they are not
)

// ToolChoiceMode is how the model may use the tools.
type ToolChoiceMode uint8

// Tool choice modes. ChoiceUnset means the request does not say.
const (
	ChoiceUnset    ToolChoiceMode = iota
	ChoiceAuto                    // the model decides
	ChoiceNone                    // no tool calls
	ChoiceRequired                // at least one call (OpenAI "required", Anthropic and Bedrock "any", Gemini ANY)
	ChoiceTool                    // a call of the tool ToolChoice.Name
)

// Parallel is the request's setting for parallel tool calls.
type Parallel uint8

// Parallel settings. ParallelUnset means the request does not say.
const (
	ParallelUnset    Parallel = iota
	ParallelAllowed           // OpenAI parallel_tool_calls true; Anthropic disable_parallel_tool_use false
	ParallelDisabled          // OpenAI parallel_tool_calls false; Anthropic disable_parallel_tool_use true
)

// ToolChoice is the request's tool choice.
type ToolChoice struct {
	Mode     ToolChoiceMode
	Name     string // the tool, for ChoiceTool
	Parallel Parallel
}
