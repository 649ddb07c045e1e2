vcl 4.1;

# Varnish in front of the Portfolio Content Service: it keeps the public reads for as long as
# their Cache-Control allows (s-maxage), and the service purges them on every change of content
# by the keys it names in Surrogate-Key (the xkey vmod, from Debian's varnish-modules). Run the
# service with CDN_PURGE=varnish and CDN_PURGE_URL set to this Varnish.

import std;
import xkey;

# The service. For several instances, declare one backend each and spread the requests with a
# directors.round_robin() in vcl_init.
backend api {
  .host = "api";
  .port = "8000";
  .probe = {
    .url = "/health";
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
  }
}

# Who may purge: the service's instances (loopback, and the private networks compose and
# Kubernetes put them on).
acl purgers {
  "localhost";
  "127.0.0.1";
  "::1";
  "10.0.0.0"/8;
  "172.16.0.0"/12;
  "192.168.0.0"/16;
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "xkey-purge names no key"));
    }
    set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.n-gone));
  }
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
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
