// The in-page verifier of a hand's deal (docs/fairness-spec.md, docs/fairness.md), run by the
// reader's browser: it recomputes the commitment and the deck with WebCrypto (SHA-256 and
// HMAC-SHA256) and the Fisher-Yates of the published algorithm, and compares them with the
// hand's record (the /replay file). It follows bot/fair/verify.py step by step: the same
// checks, in the same order, with the same problem codes (tests/test_web_verify.py runs both
// on the same records in a real browser).
//
// A plain ES module, no build step and no inline script: a page loads it with
// <script type="module" src=".../verify.js"> and calls mountVerifier, or imports
// verifyRecord to check a record itself. WebCrypto needs a secure context (https, or
// localhost).

// The ranks of each deck preset, highest first (RULES.md §1; bot/games/cards.py).
const RANKS = {
  "36": "AKQJT9876",
  "32": "AKQJT987",
  "28": "AKQJT98",
  "24": "AKQJT9",
  "20": "AKQJT",
  "20-pagat": "AKQ98",
  "24-pagat": "AKQJ98",
  "16-pagat": "AK98",
  "52": "AKQJT98765432",
};
const SUITS = "shdc";
const PIQUET = Object.keys(RANKS).filter((name) => name !== "52");
const WILDS = [
  "none", "twos", "black_twos", "one_eyed_jacks", "suicide_king", "joker", "two_jokers",
];
const BRELAN_OPTIONS = [
  "deck", "ante", "ante_by", "min_raise", "refait_dealer", "carre", "carre_chain", "sans_plus",
  "pot_rule", "brelan_pay", "square_pay", "flambeau",
];
const BRAG_OPTIONS = [
  "deck", "ante", "ante_by", "cards", "min_bet", "max_bet", "max_raise", "blind_allowed",
  "see_cost", "wild", "blind_keep", "common_showdown", "shuffle_every_hand",
];

// What the verifier must know of each game (its registry entry, bot/games/__init__.py): the
// options it accepts, its deck, how many cards each player is dealt, whether a retourne is
// turned after the hands.
const GAMES = {
  brelan: { options: BRELAN_OPTIONS, decks: PIQUET, deck: "28", retourne: true },
  bouillotte: { options: BRELAN_OPTIONS, decks: [...PIQUET, "auto"], deck: "auto", retourne: true },
  brag: { options: BRAG_OPTIONS, decks: ["52"], deck: "52", retourne: false },
};

class Unknown extends Error {}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function entryOf(record) {
  if (!Object.hasOwn(GAMES, record.game)) throw new Unknown(`unknown game ${record.game}`);
  return GAMES[record.game];
}

// The game's entry and the record's options, checked as far as they shape the deal.
function game(record) {
  const entry = entryOf(record);
  const options = record.options ?? {};
  if (!isObject(options)) throw new Unknown("the options are not an object");
  for (const name of Object.keys(options)) {
    if (!entry.options.includes(name)) throw new Unknown(`unknown option ${name}`);
  }
  return { entry, options };
}

// The number of cards each player is dealt: Brelan and Bouillotte three, Brag its option.
function cardsEach(record) {
  const { entry, options } = game(record);
  if (entry.retourne) return 3;
  const cards = options.cards ?? 3;
  if (![3, 4, 5].includes(cards)) throw new Unknown(`cards must be 3, 4 or 5`);
  return cards;
}

// The table's deck in canonical order: spades, hearts, diamonds, clubs, each from the highest
// rank down; then the jokers Brag's wild cards add.
export function tableDeck(record) {
  const { entry, options } = game(record);
  let name = options.deck ?? entry.deck;
  if (!entry.decks.includes(name)) throw new Unknown(`unknown deck ${name}`);
  if (name === "auto") name = (record.players ?? []).length === 5 ? "28" : "24";
  let jokers = 0;
  if (record.game === "brag") {
    const wild = options.wild ?? "none";
    if (!WILDS.includes(wild)) throw new Unknown(`unknown wild cards ${wild}`);
    cardsEach(record);
    jokers = wild === "two_jokers" ? 2 : wild === "joker" ? 1 : 0;
  }
  const deck = [];
  for (const suit of SUITS) for (const rank of RANKS[name]) deck.push(rank + suit);
  return deck.concat(["X1", "X2"].slice(0, jokers));
}

function hex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

const encoder = new TextEncoder();

// sha256(text) as 64 lowercase hex characters.
export async function sha256Hex(text, subtle = globalThis.crypto?.subtle) {
  return hex(await subtle.digest("SHA-256", encoder.encode(text)));
}

// The stream of unsigned 32-bit big-endian numbers: for k = 0, 1, 2..., the eight numbers of
// HMAC-SHA256(key = server seed, message = "client:nonce:k").
export async function* numbers(serverSeed, clientSeed, nonce, subtle = globalThis.crypto?.subtle) {
  const key = await subtle.importKey(
    "raw", encoder.encode(serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"],
  );
  for (let k = 0; ; k += 1) {
    const digest = await subtle.sign("HMAC", key, encoder.encode(`${clientSeed}:${nonce}:${k}`));
    const view = new DataView(digest);
    for (let i = 0; i < 32; i += 4) yield view.getUint32(i, false);
  }
}

// Fisher-Yates over the deck in canonical order, top card first: for i from n-1 down to 1,
// numbers are drawn until one is below floor(2**32 / (i + 1)) * (i + 1); j is it mod (i + 1).
export async function shuffle(
  serverSeed, clientSeed, nonce, deck, subtle = globalThis.crypto?.subtle,
) {
  const out = [...deck];
  const stream = numbers(serverSeed, clientSeed, nonce, subtle);
  for (let i = out.length - 1; i > 0; i -= 1) {
    const span = i + 1;
    const limit = Math.floor(2 ** 32 / span) * span;
    let v = (await stream.next()).value;
    while (v >= limit) v = (await stream.next()).value;
    const j = v % span;
    [out[i], out[j]] = [out[j], out[i]];
  }
  await stream.return();
  return out;
}

// The hands (and retourne) a deal from the deck gives the record's players: one card at a time
// from the top, in order of play; a kept blind hand's cards are passed over (Brag).
export function dealtFrom(record, deck) {
  const players = record.players ?? [];
  if (!Array.isArray(players)) throw new Unknown("the players are not a list");
  const names = players.map((p) => {
    if (!isObject(p) || !("name" in p)) throw new Unknown("a player has no name");
    return p.name;
  });
  const entry = entryOf(record);
  const kept = new Set();
  for (const cards of Object.values(record.kept ?? {})) for (const c of cards ?? []) kept.add(c);
  const pack = deck.filter((c) => !kept.has(c));
  const given = Object.values(isObject(record.hands) ? record.hands : {});
  const first = given.length ? given[0] : [];
  if (first === null || first === undefined || typeof first.length !== "number") {
    throw new Unknown("a hand is not a list");
  }
  const each = first.length || cardsEach(record);
  const n = names.length;
  if (n * each + (entry.retourne ? 1 : 0) > pack.length) throw new Unknown("the deck is too short");
  // [name, cards] in order of play (an object would put numeric names in numeric order)
  const dealt = (i) => Array.from({ length: each }, (_, j) => pack[i + j * n]);
  const hands = names.map((name, i) => [name, dealt(i)]);
  return entry.retourne ? { hands, retourne: pack[n * each] } : { hands };
}

function sameList(a, b) {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((x, i) => x === b[i]);
}

// Check one record. The report: a verdict ("match", "mismatch" or "pending": the seed or the
// deck is not revealed yet), every step with the values it compared (a catalogue key and its
// parameters each), the problems (bot/fair/verify.py's codes and parameters), the notes, and
// the deck recomputed (null when it could not be).
export async function verifyRecord(record, subtle = globalThis.crypto?.subtle) {
  if (!subtle) throw new Error("WebCrypto is not available here (it needs https)");
  const report = { verdict: "match", steps: [], problems: [], notes: [], deck: null };
  const step = (key, ok, params = {}) => report.steps.push({ key, ok, params });
  const fail = (code, params = {}) => {
    report.problems.push({ code, params });
    report.verdict = "mismatch";
  };
  const pending = (code, params = {}) => {
    report.notes.push({ code, params });
    report.verdict = "pending";
  };
  const fair = isObject(record) ? record.fair : undefined;
  if (!isObject(fair)) {
    fail("no-fair");
    return report;
  }
  const promised = fair.commitment;
  const seed = fair.server_seed;
  if (typeof promised !== "string" || promised.length !== 64) {
    fail("commitment-format");
    return report;
  }
  if (seed === null || seed === undefined) {
    step("verify-web-commitment", null, { commitment: promised });
    pending("verify-web-sealed");
    return report;
  }
  if (typeof seed !== "string" || !/^[0-9a-f]{64}$/.test(seed)) {
    fail("seed-format");
    return report;
  }
  const computed = await sha256Hex(seed, subtle);
  step(computed === promised ? "verify-web-commitment-ok" : "verify-web-commitment-bad",
    computed === promised, { commitment: promised, computed, seed });
  if (computed !== promised) {
    fail("commitment");
    return report;
  }
  const deck = fair.deck;
  if (!Array.isArray(deck)) {
    pending("verify-in-play");
    return report;
  }
  const continues = fair.continues;
  if (continues === null || continues === undefined) {
    let canonical;
    try {
      canonical = tableDeck(record);
    } catch (error) {
      if (!(error instanceof Unknown)) throw error;
      fail("deck-unknown");
      return report;
    }
    const client = fair.client_seed;
    const nonce = fair.nonce;
    if (typeof client !== "string" || !Number.isInteger(nonce)) {
      fail("seeds-missing");
      return report;
    }
    step("verify-web-seeds", null, { seeds: client, nonce });
    step("verify-web-canonical", null, { count: canonical.length, deck: canonical.join(" ") });
    report.deck = await shuffle(seed, client, nonce, canonical, subtle);
    step("verify-web-shuffled", null, { deck: report.deck.join(" ") });
    if (!sameList(report.deck, deck)) {
      let first = report.deck.findIndex((card, i) => i < deck.length && card !== deck[i]);
      if (first < 0) first = Math.min(deck.length, report.deck.length);
      step("verify-problem-deck", false, { n: first + 1 });
      fail("deck", { n: first + 1 });
    } else {
      step("verify-web-deck-ok", true);
    }
  } else {
    report.deck = [...deck];
    step("verify-continues", null, { deal: continues });
    report.notes.push({ code: "verify-web-not-followed", params: { deal: continues } });
  }
  checkDeal(record, deck, step, fail);
  return report;
}

function checkDeal(record, deck, step, fail) {
  let dealt;
  try {
    dealt = dealtFrom(record, deck);
  } catch (error) {
    if (!(error instanceof Unknown) && !(error instanceof TypeError)) throw error;
    fail("dealt-unknown");
    return;
  }
  const hands = isObject(record.hands) ? record.hands : {};
  for (const [name, cards] of dealt.hands) {
    const ok = sameList(hands[name], cards);
    const params = { user: name, cards: cards.join(" ") };
    step(ok ? "verify-web-hand-ok" : "verify-problem-hand", ok, params);
    if (!ok) fail("hand", { user: name });
  }
  if ("retourne" in dealt) {
    const ok = record.retourne === dealt.retourne;
    step(ok ? "verify-web-retourne-ok" : "verify-problem-retourne", ok, { card: dealt.retourne });
    if (!ok) fail("retourne");
  }
}

// -- the page ----------------------------------------------------------------------------------

// A catalogue text with its parameters: "<@{user}>" becomes the member's name (the page's
// names, else its word for "a player"), "{name}" the parameter's value.
export function fill(template, params, names = {}, someone = "?") {
  return template.replace(/<@\{(\w+)\}>|\{(\w+)\}/g, (whole, member, key) => {
    if (member !== undefined) {
      const id = String(params[member]);
      return Object.hasOwn(names, id) ? names[id] : someone;
    }
    return Object.hasOwn(params, key) ? String(params[key]) : whole;
  });
}

const SUIT_SYMBOLS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
const CARD_CODE = /^(?:[AKQJT2-9][shdc]|X[12])$/;

// A card as the page writes it (bot.i18n.plain_card): "Ts" is "10♠", a joker "🃏".
export function cardText(code) {
  if (code[0] === "X") return "\u{1F0CF}";
  return (code[0] === "T" ? "10" : code[0]) + SUIT_SYMBOLS[code[1]];
}

// A report's parameters as the page shows them: a card, or cards separated by spaces (a
// hand, a deck), written as the page writes them, not as the record's codes.
export function shownParams(params) {
  const out = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    const words = typeof value === "string" ? value.split(" ") : [];
    const cards = words.length > 0 && words.every((w) => CARD_CODE.test(w));
    out[key] = cards ? words.map(cardText).join(" ") : value;
  }
  return out;
}

// The report as the list items of `list` (text only: nothing the record holds becomes HTML).
export function renderReport(report, data, list) {
  const texts = data.texts ?? {};
  const names = data.names ?? {};
  const say = (key, params) =>
    fill(texts[key] ?? key, shownParams(params), names, texts["html-someone"]);
  const item = (text, kind) => {
    const li = list.ownerDocument.createElement("li");
    li.textContent = text;
    if (kind) li.className = kind;
    list.append(li);
  };
  list.replaceChildren();
  for (const { key, ok, params } of report.steps) {
    item(say(key, params), ok === null ? "" : ok ? "ok" : "bad");
  }
  for (const { code, params } of report.notes) item(say(code, params), "note");
  if (report.verdict === "match") {
    item(say(report.notes.length ? "verify-web-match-continued" : "verify-ok", {}), "verdict ok");
  } else if (report.verdict === "mismatch") {
    // the verdict with its reasons (a failed step above says one of them in its place too)
    item(say("verify-mismatch", {}), "verdict bad");
    for (const { code, params } of report.problems) item(say(`verify-problem-${code}`, params), "bad");
  }
}

// Wire a verifier block of the page: `root` holds the record's address in data-verify with a
// button [data-verify-button], or a file input [data-verify-file] (a record of the reader's
// own, checked where it is: nothing is sent), or both; a list [data-verify-output]; and a
// <script type="application/json" data-verify-texts> with the texts in the reader's language
// and the players' names (bot.view.fair_text.verifier_data), in the block or elsewhere in the
// page. The block's data-verdict says how the check went: running, match, mismatch, pending
// or error.
export function mountVerifier(root) {
  const button = root.querySelector("[data-verify-button]");
  const input = root.querySelector("[data-verify-file]");
  const list = root.querySelector("[data-verify-output]");
  const source = root.querySelector("script[data-verify-texts]")
    ?? root.ownerDocument.querySelector("script[data-verify-texts]");
  const data = source ? JSON.parse(source.textContent) : {};
  const texts = data.texts ?? {};
  const failed = (key, error) => {
    const li = list.ownerDocument.createElement("li");
    li.className = "bad";
    li.textContent = texts[key] ?? String(error);
    list.replaceChildren(li);
    root.dataset.verdict = "error";
  };
  // Check the record `load` gives (null: it could not be read as a record).
  const check = async (control, load) => {
    control.disabled = true;
    root.dataset.verdict = "running";
    try {
      const record = await load();
      if (record === null) {
        failed("verify-web-bad-file");
        return;
      }
      const report = await verifyRecord(record);
      renderReport(report, data, list);
      root.dataset.verdict = report.verdict;
    } catch (error) {
      failed("verify-web-failed", error);
    } finally {
      control.disabled = false;
    }
  };
  button?.addEventListener("click", () => check(button, async () => {
    const response = await fetch(root.dataset.verify, { credentials: "same-origin" });
    return response.json();
  }));
  input?.addEventListener("change", () => {
    const file = input.files?.[0];
    if (!file) return;
    check(input, async () => {
      try {
        const record = JSON.parse(await file.text());
        return isObject(record) ? record : null;
      } catch {
        return null;
      }
    });
  });
}

// Loaded by a page, the module wires every verifier block in it.
if (typeof document !== "undefined") {
  for (const root of document.querySelectorAll("[data-verify]")) mountVerifier(root);
}
