//! URL scheme: Postmill's paths (`/f/<forum>/<sort>`, `/f/<forum>/<id>/<slug>`,
//! `/f/<forum>/<id>/-/comment/<cid>`, `/forums`, `/user/<name>`, …), forms and pictures.

use crate::db::listing::Sort;
use crate::pages::listing::Place;
use crate::pages::{
    account, actions, forums, image, listing, messages, search, settings, submission, submit, user,
};
use crate::state::AppState;
use crate::visitor::Visitor;
use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequest, Path, Query, Request, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use kit::fetch::OwnOrigins;
use kit::form::Fields;
use kit::{PageError, Tenants};
use std::collections::HashMap;
use std::net::SocketAddr;

/// Image submissions carry one picture plus the form fields.
const BODY_LIMIT: usize = 2 * kit::upload::MAX_UPLOAD_BYTES;

/// Every other form (login, comments, votes, messages) is text: at most this many bytes.
pub const FORM_LIMIT: usize = 64 * 1024;

/// The site's routes.
pub fn router(tenants: Tenants, origins: OwnOrigins) -> Router {
    let state = AppState::new(tenants, origins);
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
        .route("/submission_images/{file}", get(picture))
        .route("/static/style.css", get(stylesheet))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

const NO_PAGE: &str = "There is no such page. Go to the front page or the list of forums.";

async fn not_found() -> PageError {
    PageError::not_found(NO_PAGE)
}

type QueryResult = Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>;

fn query_fields(query: QueryResult) -> Result<Fields, PageError> {
    query.map(|Query(map)| Fields(map)).map_err(|_| {
        PageError::bad_request(
            "The address has a malformed query string. Check the link and try again.",
        )
    })
}

/// The urlencoded fields of a text form, at most [`FORM_LIMIT`] bytes.
async fn form_fields(state: &AppState, request: Request) -> Result<Fields, PageError> {
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, FORM_LIMIT).await.map_err(|_| {
        PageError::too_large(format!(
            "The form is too large: send at most {} KB.",
            FORM_LIMIT / 1024
        ))
    })?;
    let request = Request::from_parts(parts, axum::body::Body::from(bytes));
    axum::extract::Form::<HashMap<String, String>>::from_request(request, state)
        .await
        .map(|axum::extract::Form(map)| Fields(map))
        .map_err(|_| {
            PageError::bad_request(
                "The form could not be read. Go back, reload the page and submit it again.",
            )
        })
}

fn respond(outcome: Result<Response, PageError>) -> Response {
    outcome.unwrap_or_else(IntoResponse::into_response)
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

async fn listing_of(
    visitor: Result<Visitor, PageError>,
    query: QueryResult,
    place: Place,
    sort: Result<Sort, PageError>,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let query = query_fields(query)?;
        listing::show(&visitor, place, sort?, &query).await
    };
    respond(outcome.await)
}

async fn front(visitor: Result<Visitor, PageError>, query: QueryResult) -> Response {
    listing_of(visitor, query, Place::Front, Ok(Sort::Hot)).await
}

async fn front_sorted(
    visitor: Result<Visitor, PageError>,
    query: QueryResult,
    Path(sort): Path<String>,
) -> Response {
    listing_of(visitor, query, Place::Front, sort_of(&sort)).await
}

async fn all(visitor: Result<Visitor, PageError>, query: QueryResult) -> Response {
    listing_of(visitor, query, Place::All, Ok(Sort::Hot)).await
}

async fn all_sorted(
    visitor: Result<Visitor, PageError>,
    query: QueryResult,
    Path(sort): Path<String>,
) -> Response {
    listing_of(visitor, query, Place::All, sort_of(&sort)).await
}

async fn forum_page(
    visitor: Result<Visitor, PageError>,
    query: QueryResult,
    Path(forum): Path<String>,
) -> Response {
    listing_of(visitor, query, Place::Forum(forum), Ok(Sort::Hot)).await
}

/// `/f/<forum>/<sort>` or `/f/<forum>/<id>`.
async fn forum_second(
    visitor: Result<Visitor, PageError>,
    query: QueryResult,
    Path((forum, second)): Path<(String, String)>,
) -> Response {
    if second.bytes().all(|byte| byte.is_ascii_digit()) {
        let outcome = async {
            let id = id_of(&second, "submission")?;
            submission::show(&visitor?, &forum, id, None).await
        };
        return respond(outcome.await);
    }
    listing_of(visitor, query, Place::Forum(forum), sort_of(&second)).await
}

async fn submission_page(
    visitor: Result<Visitor, PageError>,
    Path((forum, id, _slug)): Path<(String, String, String)>,
) -> Response {
    let outcome = async {
        let id = id_of(&id, "submission")?;
        submission::show(&visitor?, &forum, id, None).await
    };
    respond(outcome.await)
}

async fn comment_page(
    visitor: Result<Visitor, PageError>,
    Path((forum, id, comment)): Path<(String, String, String)>,
) -> Response {
    let outcome = async {
        let id = id_of(&id, "submission")?;
        let comment = id_of(&comment, "comment")?;
        submission::show(&visitor?, &forum, id, Some(comment)).await
    };
    respond(outcome.await)
}

async fn comment_form(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path((forum, id)): Path<(String, String)>,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        actions::comment(&visitor, &forum, id_of(&id, "submission")?, &form).await
    };
    respond(outcome.await)
}

async fn subscription(
    state: AppState,
    visitor: Result<Visitor, PageError>,
    forum: String,
    subscribed: bool,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        actions::subscribe(&visitor, &forum, subscribed, &form).await
    };
    respond(outcome.await)
}

async fn subscribe(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(forum): Path<String>,
    request: Request,
) -> Response {
    subscription(state, visitor, forum, true, request).await
}

async fn unsubscribe(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(forum): Path<String>,
    request: Request,
) -> Response {
    subscription(state, visitor, forum, false, request).await
}

async fn vote_submission(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        actions::vote_submission(&visitor, id_of(&id, "submission")?, &form).await
    };
    respond(outcome.await)
}

async fn vote_comment(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        actions::vote_comment(&visitor, id_of(&id, "comment")?, &form).await
    };
    respond(outcome.await)
}

async fn forum_list(visitor: Result<Visitor, PageError>) -> Response {
    let outcome = async { forums::show(&visitor?, false).await };
    respond(outcome.await)
}

async fn forum_list_by_name(visitor: Result<Visitor, PageError>) -> Response {
    let outcome = async { forums::show(&visitor?, true).await };
    respond(outcome.await)
}

async fn user_page(visitor: Result<Visitor, PageError>, Path(name): Path<String>) -> Response {
    let outcome = async { user::show(&visitor?, &name).await };
    respond(outcome.await)
}

async fn block_list(visitor: Result<Visitor, PageError>, Path(name): Path<String>) -> Response {
    let outcome = async { user::block_list(&visitor?, &name).await };
    respond(outcome.await)
}

async fn account(visitor: Result<Visitor, PageError>, Path(name): Path<String>) -> Response {
    respond(visitor.and_then(|visitor| settings::show(&visitor, &name)))
}

async fn change_password(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(name): Path<String>,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        settings::change_password(&visitor, &name, &form).await
    };
    respond(outcome.await)
}

async fn delete_account(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(name): Path<String>,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        settings::delete(&visitor, &name, &form).await
    };
    respond(outcome.await)
}

async fn blocking(
    state: AppState,
    visitor: Result<Visitor, PageError>,
    name: String,
    blocked: bool,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        actions::block(&visitor, &name, blocked, &form).await
    };
    respond(outcome.await)
}

async fn block(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(name): Path<String>,
    request: Request,
) -> Response {
    blocking(state, visitor, name, true, request).await
}

async fn unblock(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(name): Path<String>,
    request: Request,
) -> Response {
    blocking(state, visitor, name, false, request).await
}

async fn login_form(visitor: Result<Visitor, PageError>) -> Response {
    respond(visitor.map(|visitor| account::login_form(&visitor)))
}

async fn login(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    request: Request,
) -> Response {
    // The client's address, for the login throttle (absent when the router runs in memory).
    let address = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(address)| address.ip().to_string())
        .unwrap_or_default();
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        account::login(&visitor, &state.logins, &address, &form).await
    };
    respond(outcome.await)
}

async fn logout(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        account::logout(&visitor, &form).await
    };
    respond(outcome.await)
}

async fn picture(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    let outcome = async { image::serve(&visitor?, &state.images, &file, &headers).await };
    respond(outcome.await)
}

async fn search_page(visitor: Result<Visitor, PageError>, query: QueryResult) -> Response {
    let outcome = async { search::show(&visitor?, &query_fields(query)?).await };
    respond(outcome.await)
}

async fn stylesheet(State(state): State<AppState>, headers: HeaderMap) -> Response {
    state.stylesheet.respond(&headers)
}

async fn submit_form(visitor: Result<Visitor, PageError>) -> Response {
    let outcome = async { submit::form(&visitor?, None).await };
    respond(outcome.await)
}

async fn submit_form_in(
    visitor: Result<Visitor, PageError>,
    Path(forum): Path<String>,
) -> Response {
    let outcome = async { submit::form(&visitor?, Some(&forum)).await };
    respond(outcome.await)
}

async fn submit(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        if visitor.user.is_none() {
            return Ok(crate::visitor::login_redirect());
        }
        let multipart = axum::extract::Multipart::from_request(request, &state)
            .await
            .map_err(|_| {
                PageError::bad_request(
                    "Post the submission with the form on the \"Create submission\" page.",
                )
            })?;
        submit::submit(&visitor, &state.origins, multipart).await
    };
    respond(outcome.await)
}

async fn edit_form(
    visitor: Result<Visitor, PageError>,
    Path((_forum, id)): Path<(String, String)>,
) -> Response {
    let outcome = async { submit::edit_form(&visitor?, id_of(&id, "submission")?).await };
    respond(outcome.await)
}

/// A text form posted to a handler that takes the visitor, an id and the fields.
async fn with_form<F, Fut>(
    state: &AppState,
    visitor: Result<Visitor, PageError>,
    id: &str,
    what: &str,
    request: Request,
    handler: F,
) -> Response
where
    F: FnOnce(Visitor, i64, Fields) -> Fut,
    Fut: std::future::Future<Output = Result<Response, PageError>>,
{
    let outcome = async {
        let visitor = visitor?;
        let id = id_of(id, what)?;
        let form = form_fields(state, request).await?;
        handler(visitor, id, form).await
    };
    respond(outcome.await)
}

async fn edit(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path((_forum, id)): Path<(String, String)>,
    request: Request,
) -> Response {
    with_form(
        &state,
        visitor,
        &id,
        "submission",
        request,
        |visitor, id, form| async move { submit::edit(&visitor, id, &form).await },
    )
    .await
}

async fn delete(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path((_forum, id)): Path<(String, String)>,
    request: Request,
) -> Response {
    with_form(
        &state,
        visitor,
        &id,
        "submission",
        request,
        |visitor, id, form| async move { submit::delete(&visitor, id, &form).await },
    )
    .await
}

async fn edit_comment_form(
    visitor: Result<Visitor, PageError>,
    Path(id): Path<String>,
) -> Response {
    let outcome = async { submit::edit_comment_form(&visitor?, id_of(&id, "comment")?).await };
    respond(outcome.await)
}

async fn edit_comment(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    with_form(
        &state,
        visitor,
        &id,
        "comment",
        request,
        |visitor, id, form| async move { submit::edit_comment(&visitor, id, &form).await },
    )
    .await
}

async fn delete_comment(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    with_form(
        &state,
        visitor,
        &id,
        "comment",
        request,
        |visitor, id, form| async move { submit::delete_comment(&visitor, id, &form).await },
    )
    .await
}

async fn inbox(visitor: Result<Visitor, PageError>) -> Response {
    let outcome = async { messages::inbox(&visitor?).await };
    respond(outcome.await)
}

async fn thread(visitor: Result<Visitor, PageError>, Path(id): Path<String>) -> Response {
    let outcome = async { messages::thread(&visitor?, id_of(&id, "message thread")?).await };
    respond(outcome.await)
}

async fn reply(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    with_form(
        &state,
        visitor,
        &id,
        "message thread",
        request,
        |visitor, id, form| async move { messages::reply(&visitor, id, &form).await },
    )
    .await
}

async fn compose_form(visitor: Result<Visitor, PageError>, Path(name): Path<String>) -> Response {
    let outcome = async { messages::compose_form(&visitor?, &name).await };
    respond(outcome.await)
}

async fn compose(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path(name): Path<String>,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        messages::compose(&visitor, &name, &form).await
    };
    respond(outcome.await)
}

async fn create_forum_form(visitor: Result<Visitor, PageError>) -> Response {
    respond(visitor.map(|visitor| forums::create_form(&visitor)))
}

async fn create_forum(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    request: Request,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let form = form_fields(&state, request).await?;
        forums::create(&visitor, &form).await
    };
    respond(outcome.await)
}
