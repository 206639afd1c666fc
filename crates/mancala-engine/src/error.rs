//! The error of the core's text forms.

/// A text that does not read as one of the core's values ([`Side`](crate::Side),
/// [`EndReason`](crate::EndReason), [`Outcome`](crate::Outcome), [`GameResult`](crate::GameResult)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a {what}: {why}")]
pub struct ParseError {
    what: &'static str,
    text: String,
    why: &'static str,
}

impl ParseError {
    /// The error for `text`, which should have been a `what`, and why it is not.
    pub fn new(what: &'static str, text: &str, why: &'static str) -> ParseError {
        // Quote at most a line's worth of the input: the message must stay readable whatever
        // was fed in.
        let text = crate::notation::excerpt(text);
        ParseError { what, text, why }
    }
}
