//! Agora's judge prompts: VWA's structure and answer vocabulary, Agora's wording.

/// The system message of every judge request.
pub const SYSTEM: &str = "You are a careful, impartial grader. Follow the instructions exactly and reply with only the requested word or words.";

/// Fuzzy answer grading; vocabulary: `correct`, `incorrect`, `partially correct`.
pub fn fuzzy_match(answer: &str, reference: &str, question: &str) -> String {
    format!(
        "Grade a student's answer to a question by comparing it with the reference answer. \
         Accept different wording, formatting and extra detail as long as the meaning matches. \
         The reference \"N/A\" means the task cannot be achieved.\n\n\
         Question: {question}\nReference answer: {reference}\nStudent answer: {answer}\n\n\
         Reply with exactly one of: correct, incorrect, partially correct."
    )
}

/// Unachievable-reason comparison; vocabulary: `same`, `different`.
pub fn unachievable_reason(reported_reason: &str, actual_reason: &str, task: &str) -> String {
    format!(
        "A web agent was given a task that cannot be completed. Decide whether the reason the \
         agent reported for not completing it matches the actual reason, even if only implicitly.\n\n\
         Task: {task}\nActual reason: {actual_reason}\nReason reported by the agent: {reported_reason}\n\n\
         Reply with exactly one word: same or different."
    )
}

/// A question about an image, in VWA's `Q: … A:` form.
pub fn visual_question(question: &str) -> String {
    format!(
        "Look at the image and answer the question briefly (one or two words; for yes/no \
         questions reply yes or no).\nQ: {question} A:"
    )
}
