//! The judge client against a local server speaking the OpenAI chat-completions protocol.

use crate::server::{Scripted, client, judge_server};
use evaluators::judge::{FuzzyVerdict, JudgeConfig, JudgeError};

#[tokio::test]
async fn well_formed_replies_map_to_verdicts() {
    let (url, server) = judge_server(vec![
        Scripted::Reply("correct"),
        Scripted::Reply("Incorrect."),
        Scripted::Reply("partially correct"),
        Scripted::Reply("same"),
        Scripted::Reply("**Different**"),
    ])
    .await;
    let judge = client(&url, None);
    assert_eq!(
        judge.fuzzy_match("red", "red", "colour?").await.unwrap(),
        FuzzyVerdict::Correct
    );
    assert_eq!(
        judge.fuzzy_match("blue", "red", "colour?").await.unwrap(),
        FuzzyVerdict::Incorrect
    );
    assert_eq!(
        judge
            .fuzzy_match("red-ish", "red", "colour?")
            .await
            .unwrap(),
        FuzzyVerdict::PartiallyCorrect
    );
    assert!(
        judge
            .unachievable_reason_match("no such item", "item absent", "buy it")
            .await
            .unwrap()
    );
    assert!(
        !judge
            .unachievable_reason_match("too expensive", "item absent", "buy it")
            .await
            .unwrap()
    );
    let requests = server.requests.lock().unwrap();
    assert_eq!(requests.len(), 5);
    let first = &requests[0];
    assert_eq!(first["model"], "judge-test");
    assert_eq!(
        first["temperature"].as_f64(),
        Some(0.0),
        "judges answer deterministically"
    );
    assert_eq!(first["messages"][0]["role"], "system");
    let prompt = first["messages"][1]["content"].as_str().unwrap();
    assert!(
        prompt.contains("correct, incorrect, partially correct"),
        "{prompt}"
    );
    assert!(
        requests[3]["messages"][1]["content"]
            .as_str()
            .unwrap()
            .contains("item absent")
    );
}

#[tokio::test]
async fn vision_requests_carry_a_png_data_url() {
    let (url, server) = judge_server(vec![Scripted::Reply("Yes.")]).await;
    let judge = client(&url, None);
    let reply = judge
        .visual_question(b"\x89PNG fake bytes", "Is this a cactus? (yes/no)")
        .await
        .unwrap();
    assert_eq!(reply, "Yes.");
    let requests = server.requests.lock().unwrap();
    let parts = requests[0]["messages"][1]["content"].as_array().unwrap();
    assert_eq!(parts[0]["type"], "text");
    assert!(
        parts[0]["text"]
            .as_str()
            .unwrap()
            .contains("Q: Is this a cactus? (yes/no) A:")
    );
    assert_eq!(parts[1]["type"], "image_url");
    assert!(
        parts[1]["image_url"]["url"]
            .as_str()
            .unwrap()
            .starts_with("data:image/png;base64,iVBOR")
    );
}

#[tokio::test]
async fn malformed_answers_are_errors_not_scores() {
    let (url, _server) = judge_server(vec![
        Scripted::Raw(r#"{"choices": []}"#),
        Scripted::Raw("<html>bad gateway</html>"),
        Scripted::Reply("I think the answer is probably right"),
        Scripted::Raw(r#"{"choices":[{"message":{"content":null,"refusal":"I cannot help"}}]}"#),
        Scripted::Status(400),
    ])
    .await;
    let judge = client(&url, None);
    assert!(matches!(
        judge.fuzzy_match("a", "b", "q").await,
        Err(JudgeError::Malformed(_))
    ));
    assert!(matches!(
        judge.fuzzy_match("a", "b", "q").await,
        Err(JudgeError::Malformed(_))
    ));
    assert!(
        judge
            .fuzzy_match("a", "b", "q")
            .await
            .unwrap_err()
            .is_out_of_vocabulary()
    );
    assert!(matches!(
        judge.fuzzy_match("a", "b", "q").await,
        Err(JudgeError::Refused(_))
    ));
    assert!(matches!(
        judge.fuzzy_match("a", "b", "q").await,
        Err(JudgeError::Http { status: 400, .. })
    ));
}

#[tokio::test]
async fn rate_limits_and_server_errors_are_retried() {
    let (url, server) = judge_server(vec![
        Scripted::Status(429),
        Scripted::Status(503),
        Scripted::Reply("correct"),
    ])
    .await;
    let judge = client(&url, None);
    assert_eq!(
        judge.fuzzy_match("a", "a", "q").await.unwrap(),
        FuzzyVerdict::Correct
    );
    assert_eq!(server.count(), 3);

    let (url, server) = judge_server(vec![Scripted::Status(429); 3]).await;
    let judge = client(&url, None);
    assert!(matches!(
        judge.fuzzy_match("a", "a", "q").await,
        Err(JudgeError::Http { status: 429, .. })
    ));
    assert_eq!(server.count(), 3, "one try and two retries");
}

#[tokio::test]
async fn a_silent_server_times_out() {
    let (url, server) = judge_server(vec![Scripted::Hang, Scripted::Hang]).await;
    let mut config = JudgeConfig::new(&url, "judge-test");
    config.chat.timeout = std::time::Duration::from_millis(150);
    config.chat.max_retries = 1;
    config.chat.backoff_base = std::time::Duration::from_millis(5);
    let judge = evaluators::judge::JudgeClient::new(config).unwrap();
    let error = judge.fuzzy_match("a", "a", "q").await.unwrap_err();
    assert!(error.is_timeout(), "{error}");
    assert_eq!(server.count(), 2);
}

#[tokio::test]
async fn cached_verdicts_do_not_reach_the_server() {
    let cache = tempfile::tempdir().unwrap();
    let (url, server) = judge_server(vec![Scripted::Reply("correct")]).await;
    let judge = client(&url, Some(cache.path().to_owned()));
    assert_eq!(
        judge.fuzzy_match("a", "b", "q").await.unwrap(),
        FuzzyVerdict::Correct
    );
    assert_eq!(
        judge.fuzzy_match("a", "b", "q").await.unwrap(),
        FuzzyVerdict::Correct
    );
    assert_eq!(server.count(), 1);
    // A fresh client over the same directory also hits the cache.
    let again = client(&url, Some(cache.path().to_owned()));
    assert_eq!(
        again.fuzzy_match("a", "b", "q").await.unwrap(),
        FuzzyVerdict::Correct
    );
    assert_eq!(server.count(), 1);
    // A different question is a different key.
    assert!(again.fuzzy_match("a", "c", "q").await.is_err());
    assert_eq!(
        server.count(),
        4,
        "the exhausted script answers 500: one try and two retries"
    );
}

#[test]
fn missing_api_key_variable_is_reported() {
    let mut config = JudgeConfig::new("http://127.0.0.1:1/v1", "m");
    config.chat.api_key_env = Some("AGORA_TEST_SURELY_UNSET_KEY".into());
    assert!(matches!(
        evaluators::judge::JudgeClient::new(config),
        Err(JudgeError::MissingApiKey(name)) if name == "AGORA_TEST_SURELY_UNSET_KEY"
    ));
}
