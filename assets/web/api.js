// The server's JSON API, with the page's access token. Every call answers
// {ok, status, body}: the page decides what to say; a network failure or a
// timeout answers status 0, and a call cancelled by the page (its `signal`)
// answers {cancelled: true}.

const params = new URLSearchParams(location.search);
export const token = params.get("t") || "";

const TIMEOUT_MS = 40000;

async function call(method, path, { query = {}, json, body, contentType, signal } = {}) {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  const headers = { Authorization: "Bearer " + token };
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (contentType) {
    headers["Content-Type"] = contentType;
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  const cancel = () => abort.abort();
  signal?.addEventListener("abort", cancel);
  try {
    const r = await fetch(url, { method, headers, body, signal: abort.signal, cache: "no-store" });
    let parsed = null;
    try {
      parsed = await r.json();
    } catch {
      parsed = null;
    }
    return { ok: r.ok, status: r.status, body: parsed, retryAfter: r.headers.get("Retry-After") };
  } catch {
    return { ok: false, status: 0, body: null, cancelled: !!signal?.aborted };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", cancel);
  }
}

/// The Content-Type of a photo upload: the server takes only an image type
/// (a page on another site cannot send one without its leave). A file the
/// browser could not name is sent as an image all the same: the server
/// reads the format from the bytes, and says so when it is not an image.
function imageType(file) {
  return /^image\/[\w.+-]+$/.test(file.type || "") ? file.type : "image/x-unknown";
}

/// Uploads a photo; when the server is busy with others (503) or this
/// device sent too much (429), waits as long as it says and tries again, a
/// few times.
async function upload(path, file, lang) {
  for (let attempt = 0; ; attempt++) {
    const r = await call("POST", path, {
      query: { name: file.name, lang },
      body: file,
      contentType: imageType(file),
    });
    if ((r.status !== 503 && r.status !== 429) || attempt >= 5) return r;
    const wait = Math.min(10, Number(r.retryAfter) || 2);
    await new Promise((done) => setTimeout(done, wait * 1000));
  }
}

export const api = {
  info: (lang) => call("GET", "/api/info", { query: { lang } }),
  newPuzzle: (level, shape, lang, signal) => call("GET", "/api/new", { query: { level, shape, lang }, signal }),
  daily: (lang, signal) => call("GET", "/api/daily", { query: { lang }, signal }),
  hint: (board) => call("POST", "/api/hint", { json: board }),
  check: (board) => call("POST", "/api/check", { json: board }),
  solve: (board) => call("POST", "/api/solve", { json: board }),
  start: (request) => call("POST", "/api/start", { json: request }),
  endlessMove: (request) => call("POST", "/api/endless/move", { json: request }),
  photo: (file, lang) => upload("/api/photo", file, lang),
  toWindow: (file, lang) => upload("/api/window/photo", file, lang),
};
