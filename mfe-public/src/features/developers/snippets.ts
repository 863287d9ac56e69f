// The code of the developer page: shell calls and webhook receivers. The receivers verify exactly what the API
// signs (api/src/services/webhooks/signing.ts): `v1=` + hex HMAC-SHA256 of `<Webhook-Timestamp>.<raw body>`,
// one or, during a secret rotation, two comma-separated signatures. snippets.test.ts runs the Node and Python
// ones against the API's own signer.

/** `$API` is the portal's API base; the page fills in the address it is served from. */
export const shellSetup = (apiBase: string) => `API=${apiBase}
# a manager's session token (the portal's login), for keys and webhooks
TOKEN=$(curl -s -X POST $API/token/ -H 'Content-Type: application/json' \\
  -d '{"username":"demo","password":"demo"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).token')`;

export const createKey = `KEY=$(curl -s -X POST $API/api-keys/ -H "Authorization: Token $TOKEN" \\
  -H 'Content-Type: application/json' -d '{"name":"My ERP","scope":"read_write"}' \\
  | node -pe 'JSON.parse(require("fs").readFileSync(0)).key')
curl -s "$API/shipments/?page=1" -H "Authorization: Token $KEY" | head -c 300; echo`;

export const findCarrier = `# carrier_id is the id of the carrier in GET carriers/ (search by name or SCAC)
curl -s "$API/carriers/?search=MAEU" -H "Authorization: Token $KEY"
# → {"count":1,"results":[{"id":1,"official_name":"Maersk","scac":"MAEU",
#     "request_type_support":{"b_id":true,"c_id":true,"m_bl":true}, ...}]}
# the code types: c_id (container), b_id (booking), m_bl (B/L)
curl -s "$API/code-types/" -H "Authorization: Token $KEY"`;

export const createRequest = `curl -s -X POST $API/tracking-requests/ -H "Authorization: Token $KEY" \\
  -H 'Content-Type: application/json' \\
  -d '{"carrier_id":1,"code_type":"c_id","code_value":"MSKU1234565","client_code":"PO-1"}'`;

export const registerWebhook = `curl -s -X POST $API/webhooks/ -H "Authorization: Token $TOKEN" \\
  -H 'Content-Type: application/json' \\
  -d '{"url":"https://erp.example.com/hooks/containers","events":["tracking_request.status_changed","shipment.created","shipment.milestone_actual_set","shipment.eta_changed","alert.raised"]}'
# → {"id":7, ..., "secret":"whsec_..."}   the secret is shown once: keep it`;

export const manageWebhooks = `# list the company's webhooks (never their secrets)
curl -s $API/webhooks/ -H "Authorization: Token $TOKEN"
# disable one (its events wait), enable it again (the waiting events are sent, in order)
curl -s -X PATCH $API/webhooks/7/ -H "Authorization: Token $TOKEN" \\
  -H 'Content-Type: application/json' -d '{"enabled":false}'
curl -s -X PATCH $API/webhooks/7/ -H "Authorization: Token $TOKEN" \\
  -H 'Content-Type: application/json' -d '{"enabled":true}'
# send a webhook.test event
curl -s -X POST $API/webhooks/7/test/ -H "Authorization: Token $TOKEN"
# delete it, with its delivery log
curl -s -X DELETE $API/webhooks/7/ -H "Authorization: Token $TOKEN"`;

export const redeliver = `# the delivery log, newest first (status: pending, succeeded or failed)
curl -s "$API/webhooks/7/deliveries/?status=failed" -H "Authorization: Token $TOKEN"
# send delivery 4711 again: same event, same Webhook-Id
curl -s -X POST $API/webhooks/7/deliveries/4711/redeliver/ -H "Authorization: Token $TOKEN"`;

export const rotateSecret = `# a new secret signs from now on; the previous one signs too for grace_hours (default 24, 0 = stop it now)
curl -s -X POST $API/webhooks/7/rotate_secret/ -H "Authorization: Token $TOKEN" \\
  -H 'Content-Type: application/json' -d '{"grace_hours":24}'
# → {"secret":"whsec_...","previous_secret_expires_at":"2026-11-25T09:00:00.000Z"}`;

export const changesFeed = `curl -s "$API/integration/changes/?since=2026-11-24T00:00:00Z" -H "Authorization: Token $KEY"
# → {"results":[...up to 100 shipment summaries, oldest change first...],
#    "next_since":"2026-11-24T07:58:12.345Z","next_after_id":4711}
curl -s "$API/integration/changes/?since=2026-11-24T07:58:12.345Z&after_id=4711" -H "Authorization: Token $KEY"`;

export const nodeReceiver = `// receiver.mjs — WEBHOOK_SECRET=whsec_... node receiver.mjs   (Node 18+, no dependencies)
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export function verify(secret, timestampHeader, signatureHeader, rawBody) {
  const timestamp = Number(timestampHeader);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = Buffer.from(
    'v1=' + createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex'),
  );
  // one signature, or two (new and previous secret) while a rotated secret is in its grace period
  return String(signatureHeader ?? '')
    .split(',')
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

const seen = new Set(); // event ids already handled: keep them in your database
if (process.env.WEBHOOK_SECRET)
  http
    .createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const ok = verify(process.env.WEBHOOK_SECRET, req.headers['webhook-timestamp'],
          req.headers['webhook-signature'], raw);
        if (!ok) return res.writeHead(401).end();
        const event = JSON.parse(raw);
        if (!seen.has(event.id)) {
          seen.add(event.id);
          console.log(event.type, event.shipment?.container_number ?? '', event.data);
        }
        res.writeHead(204).end(); // answer within 10 s; do slow work after answering
      });
    })
    .listen(Number(process.env.PORT ?? 4000));`;

export const pythonReceiver = `# receiver.py — WEBHOOK_SECRET=whsec_... flask --app receiver run   (Python 3.10+, Flask)
import hashlib
import hmac
import json
import os
import time


def verify(secret: str, timestamp: str | None, signatures: str | None, raw_body: bytes) -> bool:
    if not timestamp or not timestamp.isdigit() or abs(time.time() - int(timestamp)) > 300:
        return False
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    expected = "v1=" + digest
    # one signature, or two (new and previous secret) while a rotated secret is in its grace period
    return any(hmac.compare_digest(expected, given.strip()) for given in (signatures or "").split(","))


if __name__ != "__main__" and os.environ.get("WEBHOOK_SECRET"):
    from flask import Flask, request

    app = Flask(__name__)

    @app.post("/hook")
    def hook():
        raw = request.get_data()  # the raw bytes, before any JSON parsing
        if not verify(os.environ["WEBHOOK_SECRET"], request.headers.get("Webhook-Timestamp"),
                      request.headers.get("Webhook-Signature"), raw):
            return "", 401
        event = json.loads(raw)
        print(event["type"], event["id"])  # de-duplicate on event["id"]
        return "", 204`;

export const phpReceiver = `<?php
// hook.php — behind any PHP server; WEBHOOK_SECRET in the environment
function verify(string $secret, ?string $timestamp, ?string $signatures, string $rawBody): bool
{
    if ($timestamp === null || !ctype_digit($timestamp) || abs(time() - (int) $timestamp) > 300) {
        return false;
    }
    $expected = 'v1=' . hash_hmac('sha256', $timestamp . '.' . $rawBody, $secret);
    // one signature, or two (new and previous secret) while a rotated secret is in its grace period
    foreach (explode(',', $signatures ?? '') as $given) {
        if (hash_equals($expected, trim($given))) {
            return true;
        }
    }
    return false;
}

$raw = file_get_contents('php://input');
if (!verify(getenv('WEBHOOK_SECRET'), $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? null,
            $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? null, $raw)) {
    http_response_code(401);
    exit;
}
$event = json_decode($raw, true);
// de-duplicate on $event['id'], then answer at once
http_response_code(204);`;

export const csharpReceiver = `// Program.cs — ASP.NET Core minimal API (.NET 8); WEBHOOK_SECRET in the environment
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;

var app = WebApplication.CreateBuilder(args).Build();
var secret = Environment.GetEnvironmentVariable("WEBHOOK_SECRET")!;

app.MapPost("/hook", async (HttpRequest request) =>
{
    using var buffer = new MemoryStream();
    await request.Body.CopyToAsync(buffer);
    var raw = buffer.ToArray(); // the raw bytes, before any JSON parsing
    if (!Verify(secret, request.Headers["Webhook-Timestamp"], request.Headers["Webhook-Signature"], raw))
        return Results.Unauthorized();
    using var evt = JsonDocument.Parse(raw);
    // de-duplicate on evt.RootElement.GetProperty("id"), then answer at once
    return Results.NoContent();
});
app.Run();

static bool Verify(string secret, string? timestamp, string? signatures, byte[] rawBody)
{
    if (timestamp is null || !long.TryParse(timestamp, out var ts)
        || Math.Abs(DateTimeOffset.UtcNow.ToUnixTimeSeconds() - ts) > 300)
        return false;
    using var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(secret));
    var signed = Encoding.UTF8.GetBytes(timestamp + ".").Concat(rawBody).ToArray();
    var expected = Encoding.UTF8.GetBytes("v1=" + Convert.ToHexString(hmac.ComputeHash(signed)).ToLowerInvariant());
    // one signature, or two (new and previous secret) while a rotated secret is in its grace period
    return (signatures ?? "").Split(',').Any(given =>
        CryptographicOperations.FixedTimeEquals(Encoding.UTF8.GetBytes(given.Trim()), expected));
}`;
