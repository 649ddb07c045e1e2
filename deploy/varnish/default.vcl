vcl 4.1;

# Varnish in front of the Portfolio Content Service. It keeps what the service marks shareable
# (Cache-Control: public) for as long as that allows (s-maxage), nothing else, and the service
# purges it on every change of content by the keys it names in Surrogate-Key (the xkey vmod, from
# Debian's varnish-modules). Run the service with CDN_PURGE=varnish, CDN_PURGE_URL set to this
# Varnish and CDN_PURGE_TOKEN set to the token backends.vcl holds.
#
# The instances and the purge token are in backends.vcl beside this file, which
# deploy/varnish/write-backends.sh writes (the compose image writes it at start from its environment).

import std;
import xkey;
import directors;

include "./backends.vcl";

sub vcl_recv {
  # Every answer carries its own request's id: the client's, when it is one the service would echo,
  # else a fresh one; never one kept with an answer for an earlier request.
  if (req.http.X-Request-Id !~ "^[!-~]{1,200}$") {
    # A random UUID (version 4), as the service makes one: 30 random decimal digits in its shape.
    set req.http.X-Request-Id = regsub(
      "" + std.integer(real = std.random(100000000000000, 999999999999999)) + std.integer(real = std.random(100000000000000, 999999999999999)),
      "^(.{8})(.{4})(.{3})(.{3})(.{12})$",
      "\1-\2-4\3-8\4-\5"
    );
  }
  if (req.method == "PURGE") {
    # A credential only the service holds, not an address: any proxy in front would lend its own.
    call purge_authorized;
    if (!req.http.xkey-purge) {
      return (synth(400, "xkey-purge names no key"));
    }
    set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.n-gone));
  }
  set req.backend_hint = instances.backend();
  # Only reads are kept; an admin's request (it carries a credential) and a draft's preview never are.
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.http.Authorization || req.url ~ "[?&]preview=") {
    return (pass);
  }
  # While the service answers, an answer past its s-maxage is served for at most 60 s more
  # (stale-while-revalidate) while it is fetched again; while no instance answers, for as long as
  # its stale-if-error allows (beresp.grace below).
  if (std.healthy(req.backend_hint)) {
    set req.grace = 60s;
  }
  return (hash);
}

sub vcl_backend_response {
  # Only what the service marked shareable is kept; the rest (health, metrics, flags, CV downloads,
  # errors, admin answers) is fetched for each request, which waits for no other (hit-for-miss).
  if (beresp.http.Cache-Control !~ "(^|,)\s*public\s*(,|$)" || beresp.http.Cache-Control ~ "(?i)no-store|private") {
    set beresp.ttl = 120s;
    set beresp.uncacheable = true;
    return (deliver);
  }
  # xkey tags an object by the space-separated keys of its xkey header.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  # stale-if-error: kept this long past its s-maxage, to be served while every instance is down.
  if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 60s);
  }
}

sub vcl_deliver {
  unset resp.http.xkey;
  set resp.http.X-Request-Id = req.http.X-Request-Id;
  if (obj.hits > 0) {
    # The limits of whoever's request filled the cache are not this client's.
    unset resp.http.X-RateLimit-Limit;
    unset resp.http.X-RateLimit-Remaining;
    unset resp.http.X-RateLimit-Reset;
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}

sub vcl_synth {
  set resp.http.X-Request-Id = req.http.X-Request-Id;
  set resp.http.Cache-Control = "no-store";
}
