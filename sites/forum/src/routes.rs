//! URL scheme: Postmill's paths (`/f/<forum>/<sort>`, `/f/<forum>/<id>/<slug>`,
//! `/f/<forum>/<id>/-/comment/<cid>`, `/forums`, `/user/<name>`, …) and forms; kit's content
//! frame adds the pictures and the stylesheet.

use crate::db::listing::Sort;
use crate::pages::listing::Place;
use crate::pages::{
    PageResult, account, actions, forums, listing, messages, search, settings, submission, submit, user,
};
use crate::visitor::{AppState, Visitor};
use axum::Router;
use axum::extract::{Path, Request, State};
use axum::response::Response;
use axum::routing::{get, post};
use axum::http::HeaderMap;
use kit::PageError;
use kit::assets::Asset;
use std::sync::LazyLock;
use kit::form::{FormFields, QueryFields};

/// The site's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(front))
        .route("/{sort}", get(front_sorted))
        .route("/all", get(all))
        .route("/all/{sort}", get(all_sorted))
        .route("/forums", get(forum_list))
        .route("/forums/all", get(forum_list_by_name))
        .route("/create_forum", get(create_forum_form).post(create_forum))
        .route("/f/{forum}", get(forum_page))
        .route("/f/{forum}/{second}", get(forum_second))
        // reddit_get_post_url's form of a submission URL ends in a slash.
        .route("/f/{forum}/{second}/", get(forum_second))
        .route("/f/{forum}/{id}/{slug}", get(submission_page))
        .route("/f/{forum}/{id}/-/comment/{comment}", get(comment_page))
        .route("/f/{forum}/{id}/comment", post(comment_form))
        .route("/f/{forum}/{id}/edit", get(edit_form).post(edit))
        .route("/f/{forum}/{id}/delete", post(delete))
        .route(
            "/comment/{id}/edit",
            get(edit_comment_form).post(edit_comment),
        )
        .route("/comment/{id}/delete", post(delete_comment))
        .route("/submit", get(submit_form).post(submit))
        .route("/submit/{forum}", get(submit_form_in))
        .route("/f/{forum}/subscribe", post(subscribe))
        .route("/f/{forum}/unsubscribe", post(unsubscribe))
        // `/sv/<id>.json` is the page script's vote, answered with JSON.
        .route("/sv/{id}", post(vote_submission))
        .route("/cv/{id}", post(vote_comment))
        .route("/user/{name}", get(user_page))
        .route("/user/{name}/block_list", get(block_list))
        .route("/user/{name}/account", get(account).post(change_password))
        .route("/user/{name}/delete_account", post(delete_account))
        .route(
            "/user/{name}/compose_message",
            get(compose_form).post(compose),
        )
        .route("/messages", get(inbox))
        .route("/messages/thread/{id}", get(thread).post(reply))
        .route("/user/{name}/block", post(block))
        .route("/user/{name}/unblock", post(unblock))
        .route("/search", get(search_page))
        .route("/login", get(login_form).post(login))
        .route("/logout", post(logout))
        .route("/static/forum.js", get(script))
        .fallback(not_found)
}

const NO_PAGE: &str = "There is no such page. Go to the front page or the list of forums.";

async fn not_found() -> PageError {
    PageError::not_found(NO_PAGE)
}

fn sort_of(segment: &str) -> Result<Sort, PageError> {
    Sort::of_segment(segment).ok_or_else(|| PageError::not_found(NO_PAGE))
}

fn id_of(text: &str, what: &str) -> Result<i64, PageError> {
    text.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| {
            PageError::not_found(format!("\"{text}\" is not a {what} number. {NO_PAGE}"))
        })
}

async fn front(visitor: Visitor, QueryFields(query): QueryFields) -> PageResult {
    listing::show(&visitor, Place::Front, Sort::Hot, &query).await
}

async fn front_sorted(
    visitor: Visitor,
    QueryFields(query): QueryFields,
    Path(sort): Path<String>,
) -> PageResult {
    listing::show(&visitor, Place::Front, sort_of(&sort)?, &query).await
}

async fn all(visitor: Visitor, QueryFields(query): QueryFields) -> PageResult {
    listing::show(&visitor, Place::All, Sort::Hot, &query).await
}

async fn all_sorted(
    visitor: Visitor,
    QueryFields(query): QueryFields,
    Path(sort): Path<String>,
) -> PageResult {
    listing::show(&visitor, Place::All, sort_of(&sort)?, &query).await
}

async fn forum_page(
    visitor: Visitor,
    QueryFields(query): QueryFields,
    Path(forum): Path<String>,
) -> PageResult {
    listing::show(&visitor, Place::Forum(forum), Sort::Hot, &query).await
}

/// `/f/<forum>/<sort>` or `/f/<forum>/<id>`.
async fn forum_second(
    visitor: Visitor,
    query: Result<QueryFields, PageError>,
    Path((forum, second)): Path<(String, String)>,
) -> PageResult {
    if second.bytes().all(|byte| byte.is_ascii_digit()) {
        let id = id_of(&second, "submission")?;
        return submission::show(&visitor, &forum, id, None).await;
    }
    let QueryFields(query) = query?;
    listing::show(&visitor, Place::Forum(forum), sort_of(&second)?, &query).await
}

async fn submission_page(
    visitor: Visitor,
    Path((forum, id, _slug)): Path<(String, String, String)>,
) -> PageResult {
    submission::show(&visitor, &forum, id_of(&id, "submission")?, None).await
}

async fn comment_page(
    visitor: Visitor,
    Path((forum, id, comment)): Path<(String, String, String)>,
) -> PageResult {
    let id = id_of(&id, "submission")?;
    let comment = id_of(&comment, "comment")?;
    submission::show(&visitor, &forum, id, Some(comment)).await
}

async fn comment_form(
    visitor: Visitor,
    Path((forum, id)): Path<(String, String)>,
    FormFields(form): FormFields,
) -> PageResult {
    actions::comment(&visitor, &forum, id_of(&id, "submission")?, &form).await
}

async fn subscribe(
    visitor: Visitor,
    Path(forum): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    actions::subscribe(&visitor, &forum, true, &form).await
}

async fn unsubscribe(
    visitor: Visitor,
    Path(forum): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    actions::subscribe(&visitor, &forum, false, &form).await
}

async fn vote_submission(
    visitor: Visitor,
    Path(id): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    let (id, answer) = actions::VoteAnswer::of_segment(&id);
    actions::vote_submission(&visitor, id_of(id, "submission")?, answer, &form).await
}

async fn vote_comment(
    visitor: Visitor,
    Path(id): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    let (id, answer) = actions::VoteAnswer::of_segment(&id);
    actions::vote_comment(&visitor, id_of(id, "comment")?, answer, &form).await
}

async fn forum_list(visitor: Visitor) -> PageResult {
    forums::show(&visitor, false).await
}

async fn forum_list_by_name(visitor: Visitor) -> PageResult {
    forums::show(&visitor, true).await
}

async fn user_page(visitor: Visitor, Path(name): Path<String>) -> PageResult {
    user::show(&visitor, &name).await
}

async fn block_list(visitor: Visitor, Path(name): Path<String>) -> PageResult {
    user::block_list(&visitor, &name).await
}

async fn account(visitor: Visitor, Path(name): Path<String>) -> PageResult {
    settings::show(&visitor, &name)
}

async fn change_password(
    visitor: Visitor,
    Path(name): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    settings::change_password(&visitor, &name, &form).await
}

async fn delete_account(
    visitor: Visitor,
    Path(name): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    settings::delete(&visitor, &name, &form).await
}

async fn block(
    visitor: Visitor,
    Path(name): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    actions::block(&visitor, &name, true, &form).await
}

async fn unblock(
    visitor: Visitor,
    Path(name): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    actions::block(&visitor, &name, false, &form).await
}

async fn login_form(visitor: Visitor) -> Response {
    account::login_form(&visitor)
}

async fn login(
    State(state): State<AppState>,
    visitor: Visitor,
    FormFields(form): FormFields,
) -> PageResult {
    account::login(&visitor, &state.logins, &form).await
}

async fn logout(visitor: Visitor, FormFields(form): FormFields) -> PageResult {
    account::logout(&visitor, &form).await
}

async fn search_page(visitor: Visitor, QueryFields(query): QueryFields) -> PageResult {
    search::show(&visitor, &query).await
}

/// The page script: votes in place and reply forms opened where they are.
static SCRIPT: LazyLock<Asset> = LazyLock::new(|| {
    Asset::new(
        include_bytes!("../static/forum.js"),
        "text/javascript; charset=utf-8",
    )
});

async fn script(headers: HeaderMap) -> Response {
    SCRIPT.respond(&headers)
}

async fn submit_form(visitor: Visitor) -> PageResult {
    submit::form(&visitor, None).await
}

async fn submit_form_in(visitor: Visitor, Path(forum): Path<String>) -> PageResult {
    submit::form(&visitor, Some(&forum)).await
}

async fn submit(State(state): State<AppState>, visitor: Visitor, request: Request) -> PageResult {
    if visitor.user.is_none() {
        return Ok(crate::visitor::login_redirect());
    }
    let multipart =
        kit::multipart::of_request(request, &state, "submission", "Create submission").await?;
    submit::submit(&visitor, &state.origins, multipart).await
}

async fn edit_form(visitor: Visitor, Path((_forum, id)): Path<(String, String)>) -> PageResult {
    submit::edit_form(&visitor, id_of(&id, "submission")?).await
}

async fn edit(
    visitor: Visitor,
    Path((_forum, id)): Path<(String, String)>,
    FormFields(form): FormFields,
) -> PageResult {
    submit::edit(&visitor, id_of(&id, "submission")?, &form).await
}

async fn delete(
    visitor: Visitor,
    Path((_forum, id)): Path<(String, String)>,
    FormFields(form): FormFields,
) -> PageResult {
    submit::delete(&visitor, id_of(&id, "submission")?, &form).await
}

async fn edit_comment_form(visitor: Visitor, Path(id): Path<String>) -> PageResult {
    submit::edit_comment_form(&visitor, id_of(&id, "comment")?).await
}

async fn edit_comment(
    visitor: Visitor,
    Path(id): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    submit::edit_comment(&visitor, id_of(&id, "comment")?, &form).await
}

async fn delete_comment(
    visitor: Visitor,
    Path(id): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    submit::delete_comment(&visitor, id_of(&id, "comment")?, &form).await
}

async fn inbox(visitor: Visitor) -> PageResult {
    messages::inbox(&visitor).await
}

async fn thread(visitor: Visitor, Path(id): Path<String>) -> PageResult {
    messages::thread(&visitor, id_of(&id, "message thread")?).await
}

async fn reply(
    visitor: Visitor,
    Path(id): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    messages::reply(&visitor, id_of(&id, "message thread")?, &form).await
}

async fn compose_form(visitor: Visitor, Path(name): Path<String>) -> PageResult {
    messages::compose_form(&visitor, &name).await
}

async fn compose(
    visitor: Visitor,
    Path(name): Path<String>,
    FormFields(form): FormFields,
) -> PageResult {
    messages::compose(&visitor, &name, &form).await
}

async fn create_forum_form(visitor: Visitor) -> Response {
    forums::create_form(&visitor)
}

async fn create_forum(visitor: Visitor, FormFields(form): FormFields) -> PageResult {
    forums::create(&visitor, &form).await
}
