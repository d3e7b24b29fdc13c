/*
 * gen-nginx.c: the input generator of "make bench" (the README, Speed).
 *
 * Writes, deterministically (a fixed seed and a PRNG of its own, never the
 * C library's), a realistic ingress-nginx controller log in the default
 * log-format-upstream ("upstreaminfo"), the Kubernetes pod watch stream
 * that says which pod owned each upstream address when, or the same
 * requests as TSV rows of coroner's requests table for sqlite3's .import:
 *
 *	gen-nginx N		N log lines on standard output
 *	gen-nginx --tsv N [COLUMN,...]
 *				the same N requests as TSV rows of coroner's
 *				requests table, with these columns (named as
 *				in it; unknown ones are left empty; "seq",
 *				"upstream", "ip"... make a row an attempt)
 *	gen-nginx --pods [N]	the pods behind the first N lines (default
 *				5000000), as "kubectl get pods -A -w -o json
 *				--output-watch-events" writes them
 *	gen-nginx --envoy N	the same N requests as Envoy's default access
 *				log (one line a request, its last upstream)
 *	gen-nginx --alb N	the same N requests as AWS ALB access log
 *				entries (targets of type ip: the pods)
 *
 * The log of N lines is a prefix of the log of any larger N, and its
 * output is the same whatever the compiler.  49 pods of 6 services in 6
 * namespaces serve about 1000 requests a second (time_local, the request's
 * end, moves on 0-2 ms a line).  Every 150-240 s one service rolls out:
 * its pods are replaced one at a time, or all at once for the one with
 * strategy Recreate.  The ingress keeps routing to a deleted pod for 8-24 s
 * (a slow endpoint update) while the pod no longer listens, so requests
 * fail in bursts around rollouts:
 *
 *	- 502: refused, or a kept-alive connection the pod closes once the
 *	  request is sent (a POST or PATCH is then not retried);
 *	- 504: the pod is gone and nothing answers its address (connect
 *	  timeout 5 s, or read timeout 60 s on a kept-alive connection);
 *	- 503 without upstream ("- - - -"): the Recreate service has no
 *	  endpoint while its new pods start.
 *
 * As with proxy-next-upstream "error timeout" and 3 tries, what was not
 * sent (and any idempotent request) goes to the next pod, and the line
 * shows lists: "10.244.1.5:8080, 10.244.2.9:8080 0, 1534 0.001, 0.012
 * 502, 200".  Overall about 0.5 % of the lines are 5xx and 1 % retried.
 * Addresses are handed out per node like host-local IPAM (10.244.N.2 to
 * .14, round and round), so later pods reuse earlier pods' addresses.
 *
 * Stand-alone: it includes no project header (only gen-time.h beside it)
 * and links nothing but libc.
 * It knows the formats, not coroner's code.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen-time.h"

#define US		INT64_C(1000000)	/* microseconds a second */
#define MS		INT64_C(1000)		/* microseconds a millisecond */
#define NEVER		INT64_MAX
#define T0_US		(INT64_C(1778572800) * US) /* 2026-05-12T08:00:00Z */
#define FIRST_ROLLOUT	(120 * US)	/* after T0 */
#define NNODES		6
#define HOST_FIRST	2		/* pod addresses 10.244.NODE.2 to */
#define HOST_LAST	14		/* .14, then from .2 again */
#define GRACE_S		30		/* terminationGracePeriodSeconds */
#define ROUTE_DELAY	(1 * US)	/* from Ready to the ingress routing */
#define MAX_TRIES	3		/* proxy-next-upstream-tries */
#define CONNECT_MS	5000		/* proxy-connect-timeout */
#define READ_MS		60000		/* proxy-read-timeout */
#define STALE_PCT	90		/* of requests to a closed pod: sent
					   on a kept-alive connection */
#define BLACKHOLE_PCT	50		/* of requests to a gone pod: sent
					   on a kept-alive connection */
#define FLAKY_PPM	4000		/* idempotent requests that meet a
					   closed kept-alive connection */
#define NCLIENTS	4096
#define DEFAULT_PODS_N	5000000
#define OUTBUF		(1 << 20)

#define SEED_PLAN	UINT64_C(0x636f726f6e657201)	/* pods, rollouts */
#define SEED_CLOCK	UINT64_C(0x636f726f6e657202)	/* time_local */
#define SEED_LOG	UINT64_C(0x636f726f6e657203)	/* the requests */

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])

/* A splitmix64 stream: the same numbers on every platform. */
struct rng {
	uint64_t	 s;		/* the state */
};

/* One kind of request a service answers. */
struct route {
	const char	*method;	/* GET, POST... */
	const char	*path;		/* template, see make_path() */
	int		 weight;	/* share within the service */
	int		 status;	/* the usual status */
	int		 bytes_lo;	/* response body bytes, lo..hi */
	int		 bytes_hi;	/* (0: no body) */
	int		 body_hi;	/* request body bytes up to (0: none) */
	int		 ms_lo;		/* the upstream's latency, ms, lo..hi */
	int		 ms_hi;		/* (a slow tail is added) */
};

/* One Deployment behind its Service and the ingress. */
struct service {
	const char		*ns;		/* namespace */
	const char		*name;		/* Deployment, Service, app */
	const char		*container;	/* its one container */
	const char		*image;		/* its image */
	int			 port;		/* targetPort */
	int			 replicas;	/* pods at any time */
	int			 weight;	/* share of all traffic, per
						   mille */
	int			 recreate;	/* strategy Recreate */
	const char		*referer;	/* usual Referer, or "-" */
	const struct route	*routes;	/* what it answers */
	size_t			 nroutes;	/* how many routes */
};

/* One pod and the moments that matter to the ingress. */
struct pod {
	int		 svc;		/* index in services[] */
	int		 node;		/* 1..NNODES: node-N, 10.244.N.0/24 */
	int		 host;		/* its address is 10.244.node.host */
	char		 hash[11];	/* pod-template-hash */
	char		 suffix[6];	/* the random end of its name */
	char		 uid[37];	/* metadata.uid */
	char		 rs_uid[37];	/* its ReplicaSet's uid */
	int64_t		 created_us;	/* metadata.creationTimestamp */
	int64_t		 start_us;	/* status.startTime */
	int64_t		 ready_us;	/* Ready; routed ROUTE_DELAY later */
	int64_t		 delete_us;	/* the deletion request, or NEVER */
	int64_t		 closed_us;	/* stops accepting connections */
	int64_t		 gone_us;	/* its container exited */
	int64_t		 unrouted_us;	/* the ingress stops routing to it */
};

/* Address allocation on one node, host-local style. */
struct node {
	int		 next;		/* the host part tried next */
	int64_t		 busy[256];	/* held until (µs), NEVER if held */
};

/* Every pod of the run, in the order they were planned. */
struct plan {
	struct pod	*pods;		/* owned (realloc moves them) */
	size_t		 npods;		/* pods planned */
	size_t		 cap;		/* pods allocated */
	struct node	 nodes[NNODES + 1];	/* [1..NNODES] */
	struct rng	 rng;		/* the plan's own stream */
};

/* One upstream attempt of a request. */
struct attempt {
	const struct pod *pod;		/* borrowed from the plan */
	int		 status;	/* $upstream_status */
	int		 ms;		/* upstream_response_time, ms */
	int		 bytes;		/* upstream_response_length */
};

/* One request as the log line and the TSV row say it. */
struct req {
	int64_t		 end_us;	/* time_local: the request's end */
	int		 ms;		/* request_time, ms */
	const struct service *svc;	/* the service routed to (static) */
	const char	*method;	/* static, from its route */
	char		 path[160];	/* path and query */
	int		 status;	/* $status to the client */
	int		 bytes;		/* body_bytes_sent */
	const char	*client;	/* borrowed from the client pool */
	const char	*referer;	/* static, or "-" */
	const char	*ua;		/* static, from agents[] */
	int		 req_len;	/* request_length */
	struct attempt	 att[MAX_TRIES];	/* the attempts, in order */
	int		 natt;		/* 0: never proxied ("-") */
	char		 id[33];	/* $req_id, 32 hex digits */
};

/* Standard output through a large buffer. */
struct out {
	char		 buf[OUTBUF];	/* bytes not yet written */
	size_t		 len;		/* how many */
};

static const struct route storefront_routes[] = {
	{ .method = "GET", .path = "/", .weight = 12, .status = 200,
	  .bytes_lo = 18000, .bytes_hi = 42000, .ms_lo = 8, .ms_hi = 60 },
	{ .method = "GET", .path = "/products/%d", .weight = 30,
	  .status = 200, .bytes_lo = 9000, .bytes_hi = 30000, .ms_lo = 10,
	  .ms_hi = 90 },
	{ .method = "GET", .path = "/category/%s?page=%n", .weight = 14,
	  .status = 200, .bytes_lo = 12000, .bytes_hi = 36000, .ms_lo = 15,
	  .ms_hi = 120 },
	{ .method = "GET", .path = "/search?q=%w", .weight = 10,
	  .status = 200, .bytes_lo = 6000, .bytes_hi = 28000, .ms_lo = 20,
	  .ms_hi = 250 },
	{ .method = "GET", .path = "/static/js/app.%h.js", .weight = 16,
	  .status = 200, .bytes_lo = 90000, .bytes_hi = 180000,
	  .ms_lo = 1, .ms_hi = 6 },
	{ .method = "GET", .path = "/static/css/main.%h.css", .weight = 8,
	  .status = 200, .bytes_lo = 20000, .bytes_hi = 40000,
	  .ms_lo = 1, .ms_hi = 4 },
	{ .method = "HEAD", .path = "/products/%d", .weight = 1,
	  .status = 200, .ms_lo = 3, .ms_hi = 20 },
	{ .method = "POST", .path = "/api/events", .weight = 6,
	  .status = 204, .body_hi = 1500, .ms_lo = 1, .ms_hi = 8 },
	{ .method = "GET", .path = "/favicon.ico", .weight = 3,
	  .status = 200, .bytes_lo = 1150, .bytes_hi = 1150, .ms_lo = 1,
	  .ms_hi = 2 },
};

static const struct route cart_routes[] = {
	{ .method = "GET", .path = "/api/v1/carts/%u", .weight = 40,
	  .status = 200, .bytes_lo = 600, .bytes_hi = 4000, .ms_lo = 3,
	  .ms_hi = 30 },
	{ .method = "POST", .path = "/api/v1/carts/%u/items", .weight = 30,
	  .status = 201, .bytes_lo = 300, .bytes_hi = 900, .body_hi = 400,
	  .ms_lo = 10, .ms_hi = 60 },
	{ .method = "PATCH", .path = "/api/v1/carts/%u/items/%d",
	  .weight = 10, .status = 200, .bytes_lo = 300, .bytes_hi = 900,
	  .body_hi = 120, .ms_lo = 8, .ms_hi = 50 },
	{ .method = "DELETE", .path = "/api/v1/carts/%u/items/%d",
	  .weight = 8, .status = 204, .ms_lo = 5, .ms_hi = 40 },
	{ .method = "PUT", .path = "/api/v1/carts/%u/coupon", .weight = 4,
	  .status = 200, .bytes_lo = 200, .bytes_hi = 600, .body_hi = 80,
	  .ms_lo = 10, .ms_hi = 80 },
};

static const struct route payments_routes[] = {
	{ .method = "POST", .path = "/api/v2/payments", .weight = 40,
	  .status = 201, .bytes_lo = 700, .bytes_hi = 1600, .body_hi = 1200,
	  .ms_lo = 80, .ms_hi = 700 },
	{ .method = "GET", .path = "/api/v2/payments/%u", .weight = 35,
	  .status = 200, .bytes_lo = 700, .bytes_hi = 1600, .ms_lo = 5,
	  .ms_hi = 40 },
	{ .method = "POST", .path = "/api/v2/payments/%u/capture",
	  .weight = 15, .status = 200, .bytes_lo = 500, .bytes_hi = 900,
	  .body_hi = 200, .ms_lo = 60, .ms_hi = 400 },
	{ .method = "POST", .path = "/api/v2/refunds", .weight = 5,
	  .status = 201, .bytes_lo = 400, .bytes_hi = 800, .body_hi = 400,
	  .ms_lo = 50, .ms_hi = 300 },
};

static const struct route returns_routes[] = {
	{ .method = "POST", .path = "/v1/returns", .weight = 30,
	  .status = 201, .bytes_lo = 400, .bytes_hi = 1200, .body_hi = 900,
	  .ms_lo = 20, .ms_hi = 150 },
	{ .method = "GET", .path = "/v1/returns/%d", .weight = 40,
	  .status = 200, .bytes_lo = 500, .bytes_hi = 2500, .ms_lo = 4,
	  .ms_hi = 35 },
	{ .method = "GET", .path = "/v1/returns/%d/label.pdf", .weight = 15,
	  .status = 200, .bytes_lo = 40000, .bytes_hi = 120000,
	  .ms_lo = 30, .ms_hi = 300 },
	{ .method = "GET", .path = "/v1/returns?customer=%d&status=open",
	  .weight = 15, .status = 200, .bytes_lo = 200, .bytes_hi = 9000,
	  .ms_lo = 10, .ms_hi = 90 },
};

static const struct route auth_routes[] = {
	{ .method = "POST", .path = "/oauth/token", .weight = 45,
	  .status = 200, .bytes_lo = 900, .bytes_hi = 1400, .body_hi = 300,
	  .ms_lo = 15, .ms_hi = 120 },
	{ .method = "GET", .path = "/.well-known/jwks.json", .weight = 25,
	  .status = 200, .bytes_lo = 1200, .bytes_hi = 1800, .ms_lo = 1,
	  .ms_hi = 5 },
	{ .method = "GET", .path = "/userinfo", .weight = 25, .status = 200,
	  .bytes_lo = 300, .bytes_hi = 700, .ms_lo = 3, .ms_hi = 20 },
	{ .method = "POST", .path = "/oauth/revoke", .weight = 5,
	  .status = 200, .body_hi = 200, .ms_lo = 5, .ms_hi = 30 },
};

static const struct route thumbnailer_routes[] = {
	{ .method = "GET", .path = "/img/%h/%zx%z.webp", .weight = 85,
	  .status = 200, .bytes_lo = 4000, .bytes_hi = 90000, .ms_lo = 20,
	  .ms_hi = 400 },
	{ .method = "GET", .path = "/img/%h/original.jpg", .weight = 15,
	  .status = 200, .bytes_lo = 150000, .bytes_hi = 900000,
	  .ms_lo = 10, .ms_hi = 120 },
};

static const struct service services[] = {
	{ .ns = "shop", .name = "storefront", .container = "web",
	  .image = "registry.example/shop/storefront:4.12.1", .port = 8080,
	  .replicas = 12, .weight = 310,
	  .referer = "https://shop.example.com/",
	  .routes = storefront_routes,
	  .nroutes = NELEM(storefront_routes) },
	{ .ns = "shop", .name = "cart-api", .container = "cart",
	  .image = "registry.example/shop/cart-api:2.3.0", .port = 3000,
	  .replicas = 9, .weight = 180,
	  .referer = "https://shop.example.com/cart",
	  .routes = cart_routes, .nroutes = NELEM(cart_routes) },
	{ .ns = "payments", .name = "payments-api", .container = "api",
	  .image = "registry.example/payments/api:7.0.4", .port = 8000,
	  .replicas = 8, .weight = 120,
	  .referer = "https://shop.example.com/checkout",
	  .routes = payments_routes, .nroutes = NELEM(payments_routes) },
	{ .ns = "returns", .name = "returns-api", .container = "invoice-writer",
	  .image = "registry.example/returns-api:2.14.0", .port = 8080,
	  .replicas = 8, .weight = 90, .referer = "-",
	  .routes = returns_routes, .nroutes = NELEM(returns_routes) },
	{ .ns = "identity", .name = "auth", .container = "auth",
	  .image = "registry.example/identity/auth:1.31.2", .port = 9000,
	  .replicas = 8, .weight = 200, .referer = "-",
	  .routes = auth_routes, .nroutes = NELEM(auth_routes) },
	{ .ns = "media", .name = "thumbnailer", .container = "thumbnailer",
	  .image = "registry.example/media/thumbnailer:0.9.7", .port = 8080,
	  .replicas = 4, .weight = 100, .recreate = 1,
	  .referer = "https://shop.example.com/",
	  .routes = thumbnailer_routes,
	  .nroutes = NELEM(thumbnailer_routes) },
};
#define NSVC	NELEM(services)

/* Which service rolls out next, round and round. */
static const int rollout_order[] = { 0, 2, 5, 4, 1, 3 };

static const struct {
	const char	*ua;
	int		 weight;
} agents[] = {
	{ "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
	  "(KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", 30 },
	{ "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) "
	  "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 "
	  "Mobile/15E148 Safari/604.1", 22 },
	{ "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
	  "(KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36",
	  14 },
	{ "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) "
	  "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 "
	  "Safari/605.1.15", 10 },
	{ "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 "
	  "Firefox/125.0", 5 },
	{ "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
	  "(KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 "
	  "Edg/124.0.2478.67", 6 },
	{ "ShopApp/5.18.0 (iOS 17.4; iPhone15,3) Alamofire/5.9.1", 5 },
	{ "okhttp/4.12.0", 4 },
	{ "Go-http-client/2.0", 2 },
	{ "python-requests/2.31.0", 1 },
	{ "curl/8.5.0", 1 },
	{ "Mozilla/5.0 (compatible; Googlebot/2.1; "
	  "+http://www.google.com/bot.html)", 2 },
};

static const char *const slugs[] = {
	"shoes", "running-shoes", "jackets", "rain-jackets", "backpacks",
	"tents", "sleeping-bags", "socks", "gloves", "headlamps",
	"water-bottles", "trail-maps", "kids", "sale", "new-in", "gift-cards",
};

static const char *const words[] = {
	"boots", "gore-tex", "size+44", "blue+jacket", "tent+2p", "merino",
	"down", "trekking+poles", "stove", "mug", "compass", "gaiters",
	"insoles", "rucksack+40l", "headlamp", "fleece",
};

static const int sizes[] = { 64, 96, 128, 256, 320, 480, 640, 1024 };

/* First octets of the clients' public addresses. */
static const int client_nets[] = {
	23, 31, 37, 46, 62, 77, 78, 80, 81, 82, 84, 85, 86, 87, 88, 89, 90,
	91, 92, 93, 94, 95, 109, 151, 176, 178, 185, 188, 193, 194, 195,
	212, 213, 217,
};

static const char kube_alnum[] = "bcdfghjklmnpqrstvwxz2456789";
static const char hexdig[] = "0123456789abcdef";
static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May",
	"Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

static char	 clients[NCLIENTS][16];
static int	 svc_cum[NSVC];		/* cumulative service weights */

static void
die(const char *msg)
{
	fprintf(stderr, "gen-nginx: %s\n", msg);
	exit(1);
}

static uint64_t
rng_next(struct rng *r)
{
	uint64_t	z;

	z = (r->s += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return (z ^ (z >> 31));
}

/* A number in [0, n); n > 0. */
static uint32_t
rng_below(struct rng *r, uint32_t n)
{
	return ((uint32_t)(((rng_next(r) >> 32) * n) >> 32));
}

/* A number in [lo, hi]. */
static int64_t
rng_range(struct rng *r, int64_t lo, int64_t hi)
{
	if (hi <= lo)
		return (lo);
	return (lo + (int64_t)rng_below(r, (uint32_t)(hi - lo + 1)));
}

/* 1 with probability ppm / 1000000. */
static int
rng_ppm(struct rng *r, uint32_t ppm)
{
	return (rng_below(r, 1000000) < ppm);
}

static void
rng_word(struct rng *r, char *buf, size_t len, const char *alphabet)
{
	size_t	i, n = strlen(alphabet);

	for (i = 0; i + 1 < len; i++)
		buf[i] = alphabet[rng_below(r, (uint32_t)n)];
	buf[len - 1] = '\0';
}

static void
rng_uid(struct rng *r, char buf[37])
{
	int	i;

	for (i = 0; i < 36; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23)
			buf[i] = '-';
		else
			buf[i] = hexdig[rng_below(r, 16)];
	}
	buf[14] = '4';
	buf[19] = hexdig[8 + rng_below(r, 4)];
	buf[36] = '\0';
}

/* Output. */

static void
out_flush(struct out *o)
{
	if (o->len > 0 && fwrite(o->buf, 1, o->len, stdout) != o->len)
		die("write error");
	o->len = 0;
}

static void
put_mem(struct out *o, const char *s, size_t n)
{
	if (o->len + n > sizeof o->buf) {
		out_flush(o);
		if (n > sizeof o->buf)
			die("line too long");
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

static void
put_s(struct out *o, const char *s)
{
	put_mem(o, s, strlen(s));
}

static void
put_c(struct out *o, char c)
{
	put_mem(o, &c, 1);
}

static void
put_i(struct out *o, int64_t v)
{
	char		 tmp[24];
	size_t		 n = 0;
	uint64_t	 u;

	if (v < 0) {
		put_c(o, '-');
		u = (uint64_t)0 - (uint64_t)v;
	} else
		u = (uint64_t)v;
	do {
		tmp[sizeof tmp - ++n] = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	put_mem(o, tmp + sizeof tmp - n, n);
}

/* Milliseconds as nginx writes times: "0.012", "60.001". */
static void
put_ms(struct out *o, int ms)
{
	char	frac[4];

	put_i(o, ms / 1000);
	frac[0] = '.';
	frac[1] = (char)('0' + ms / 100 % 10);
	frac[2] = (char)('0' + ms / 10 % 10);
	frac[3] = (char)('0' + ms % 10);
	put_mem(o, frac, 4);
}

static void
put_ip(struct out *o, const struct pod *p)
{
	put_s(o, "10.244.");
	put_i(o, p->node);
	put_c(o, '.');
	put_i(o, p->host);
}

static void
put_upstream(struct out *o, const struct pod *p)
{
	put_ip(o, p);
	put_c(o, ':');
	put_i(o, services[p->svc].port);
}

/* "12/May/2026:08:00:00 +0000" (nul-terminated, 27 bytes). */
static void
fmt_clf(char buf[48], int64_t us)
{
	int64_t	s = us / US;
	int	y, m, d, sod = (int)(s % 86400);

	civil(s / 86400, &y, &m, &d);
	snprintf(buf, 48, "%02d/%s/%04d:%02d:%02d:%02d +0000", d,
	    months[m - 1], y, sod / 3600, sod / 60 % 60, sod % 60);
}

/* "2026-05-12T08:00:00Z" */
static void
fmt_rfc3339(char buf[48], int64_t us)
{
	int64_t	s = us / US;
	int	y, m, d, sod = (int)(s % 86400);

	civil(s / 86400, &y, &m, &d);
	snprintf(buf, 48, "%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, d,
	    sod / 3600, sod / 60 % 60, sod % 60);
}

/* "2026-05-12T08:00:00.123Z" with digits (3 or 6) of the second. */
static void
put_time(struct out *o, int64_t us, int digits)
{
	char	buf[56];
	int64_t	s = us / US;
	int	y, m, d, sod = (int)(s % 86400);

	civil(s / 86400, &y, &m, &d);
	snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%0*dZ", y, m,
	    d, sod / 3600, sod / 60 % 60, sod % 60, digits, (int)(digits == 3 ?
	    us % US / MS : us % US));
	put_s(o, buf);
}

/* The plan: pods, rollouts, addresses. */

static struct pod *
plan_add(struct plan *pl, int svc, int node, const char *hash,
    const char *rs_uid, int64_t created_us)
{
	struct pod	*p;
	struct node	*nd = &pl->nodes[node];
	int		 i, h;

	if (pl->npods == pl->cap) {
		pl->cap = pl->cap == 0 ? 64 : pl->cap * 2;
		pl->pods = realloc(pl->pods, pl->cap * sizeof *pl->pods);
		if (pl->pods == NULL)
			die("out of memory");
	}
	p = &pl->pods[pl->npods++];
	memset(p, 0, sizeof *p);
	p->svc = svc;
	p->node = node;
	snprintf(p->hash, sizeof p->hash, "%s", hash);
	snprintf(p->rs_uid, sizeof p->rs_uid, "%s", rs_uid);
	rng_word(&pl->rng, p->suffix, sizeof p->suffix, kube_alnum);
	rng_uid(&pl->rng, p->uid);
	p->created_us = created_us;
	p->delete_us = p->closed_us = p->gone_us = p->unrouted_us = NEVER;

	/* host-local: the next free address after the last one given */
	p->host = 0;
	for (i = 0; i <= HOST_LAST - HOST_FIRST && p->host == 0; i++) {
		h = nd->next;
		nd->next = h >= HOST_LAST ? HOST_FIRST : h + 1;
		if (nd->busy[h] <= created_us)
			p->host = h;
	}
	for (h = HOST_LAST + 1; h < 255 && p->host == 0; h++)
		if (nd->busy[h] <= created_us)
			p->host = h;
	if (p->host == 0)
		die("node out of addresses");
	nd->busy[p->host] = NEVER;
	return (p);
}

/* Ends a pod deleted at del_us whose ingress routes for lag_us more. */
static void
plan_delete(struct plan *pl, struct pod *p, int64_t del_us, int64_t lag_us)
{
	struct rng	*r = &pl->rng;

	p->delete_us = del_us;
	p->closed_us = del_us + rng_range(r, 0, 400) * MS;
	p->gone_us = del_us + rng_range(r, 3000, 12000) * MS;
	p->unrouted_us = del_us + lag_us;
	pl->nodes[p->node].busy[p->host] = p->gone_us > p->unrouted_us ?
	    p->gone_us : p->unrouted_us;
}

/* Starts a pod pull_us (pulling its image) after it was created. */
static void
plan_start(struct plan *pl, struct pod *p, int64_t pull_us)
{
	p->start_us = p->created_us + pull_us +
	    rng_range(&pl->rng, 800, 2500) * MS;
	p->ready_us = p->start_us + rng_range(&pl->rng, 3000, 6000) * MS;
}

static void
plan_rollout(struct plan *pl, int svc, int64_t t)
{
	struct rng	*r = &pl->rng;
	size_t		 old[64], nold = 0, i;
	struct pod	*p, *o;
	char		 hash[11], rs_uid[37];
	int64_t		 at, del, lag, last_gone = t;

	for (i = 0; i < pl->npods && nold < NELEM(old); i++)
		if (pl->pods[i].svc == svc && pl->pods[i].delete_us == NEVER)
			old[nold++] = i;
	rng_word(r, hash, sizeof hash, kube_alnum);
	rng_uid(r, rs_uid);
	/* how long this rollout's endpoint updates take to reach nginx */
	lag = rng_range(r, 8000, 22000) * MS;
	if (services[svc].recreate) {
		for (i = 0; i < nold; i++) {
			o = &pl->pods[old[i]];
			plan_delete(pl, o, t, rng_range(r, 1000, 3000) * MS);
			if (o->gone_us > last_gone)
				last_gone = o->gone_us;
		}
		for (i = 0; i < nold; i++) {
			p = plan_add(pl, svc, pl->pods[old[i]].node, hash,
			    rs_uid, last_gone + rng_range(r, 300, 900) * MS);
			plan_start(pl, p, rng_range(r, 8000, 20000) * MS);
		}
		return;
	}
	at = t;
	for (i = 0; i < nold; i++) {
		/* plan_add() may move the pods: o is taken after it */
		p = plan_add(pl, svc, pl->pods[old[i]].node, hash, rs_uid, at);
		plan_start(pl, p, 0);
		o = &pl->pods[old[i]];
		/* one draw a statement: argument order is unspecified */
		del = p->ready_us + rng_range(r, 200, 1000) * MS;
		plan_delete(pl, o, del, lag + rng_range(r, 0, 2000) * MS);
		at = o->delete_us + rng_range(r, 200, 800) * MS;
	}
}

/* Pods from before the log, then rollouts until horizon_us. */
static void
plan_make(struct plan *pl, int64_t horizon_us)
{
	struct rng	*r = &pl->rng;
	struct pod	*p;
	char		 hash[11], rs_uid[37];
	size_t		 s;
	int		 i, n, k = 0;
	int64_t		 t, created;

	memset(pl, 0, sizeof *pl);
	pl->rng.s = SEED_PLAN;
	for (i = 1; i <= NNODES; i++)
		pl->nodes[i].next = HOST_FIRST;
	for (s = 0; s < NSVC; s++) {
		rng_word(r, hash, sizeof hash, kube_alnum);
		rng_uid(r, rs_uid);
		created = T0_US - rng_range(r, 86400, 5 * 86400) * US;
		for (n = 0; n < services[s].replicas; n++) {
			p = plan_add(pl, (int)s, k++ % NNODES + 1, hash, rs_uid,
			    created + rng_range(r, 0, 60000) * MS);
			plan_start(pl, p, 0);
		}
	}
	for (t = T0_US + FIRST_ROLLOUT, k = 0; t < horizon_us; k++) {
		plan_rollout(pl, rollout_order[k % NELEM(rollout_order)], t);
		t += rng_range(r, 150, 240) * US;
	}
}

/* The time_local of line n (1-based), with the clock's own stream. */
static int64_t
clock_next(struct rng *clk, int64_t now)
{
	return (now + rng_range(clk, 0, 1999));
}

static int64_t
horizon(uint64_t n)
{
	struct rng	clk = { SEED_CLOCK };
	int64_t		t = T0_US;
	uint64_t	i;

	for (i = 0; i < n; i++)
		t = clock_next(&clk, t);
	return (t);
}

/* The pod watch stream. */

/* One version of a pod in the watch stream. */
struct wevent {
	int64_t		 at_us;		/* when the version was written */
	size_t		 pod;		/* index in the plan */
	int		 type;		/* 0 ADDED, 1 MODIFIED, 2 DELETED */
};

static int
cmp_wevent(const void *a, const void *b)
{
	const struct wevent	*x = a, *y = b;

	if (x->at_us != y->at_us)
		return (x->at_us < y->at_us ? -1 : 1);
	if (x->pod != y->pod)
		return (x->pod < y->pod ? -1 : 1);
	return (x->type - y->type);
}

static void
print_pod(const struct pod *p, int type, int64_t rv)
{
	static const char *const types[] = { "ADDED", "MODIFIED", "DELETED" };
	const struct service	*s = &services[p->svc];
	char			 cr[48], st[48], rd[48], del[48], fin[48];
	const char		*ready = type == 0 ? "True" : "False";

	fmt_rfc3339(cr, p->created_us);
	fmt_rfc3339(st, p->start_us);
	fmt_rfc3339(rd, type == 0 ? p->ready_us : p->delete_us);
	fmt_rfc3339(del, p->delete_us == NEVER ? 0 :
	    p->delete_us + GRACE_S * US);
	fmt_rfc3339(fin, p->gone_us == NEVER ? 0 : p->gone_us);
	printf("{\"type\":\"%s\",\"object\":{\"apiVersion\":\"v1\","
	    "\"kind\":\"Pod\",\"metadata\":{\"name\":\"%s-%s-%s\","
	    "\"generateName\":\"%s-%s-\",\"namespace\":\"%s\","
	    "\"uid\":\"%s\",\"resourceVersion\":\"%" PRId64 "\","
	    "\"creationTimestamp\":\"%s\",",
	    types[type], s->name, p->hash, p->suffix, s->name, p->hash, s->ns,
	    p->uid, rv, cr);
	if (type > 0)
		printf("\"deletionTimestamp\":\"%s\","
		    "\"deletionGracePeriodSeconds\":%d,", del, GRACE_S);
	printf("\"labels\":{\"app\":\"%s\",\"pod-template-hash\":\"%s\"},"
	    "\"ownerReferences\":[{\"apiVersion\":\"apps/v1\","
	    "\"kind\":\"ReplicaSet\",\"name\":\"%s-%s\",\"uid\":\"%s\","
	    "\"controller\":true,\"blockOwnerDeletion\":true}]},",
	    s->name, p->hash, s->name, p->hash, p->rs_uid);
	printf("\"spec\":{\"nodeName\":\"node-%d\",\"restartPolicy\":"
	    "\"Always\",\"terminationGracePeriodSeconds\":%d,"
	    "\"containers\":[{\"name\":\"%s\",\"image\":\"%s\","
	    "\"ports\":[{\"containerPort\":%d,\"protocol\":\"TCP\"}]}]},",
	    p->node, GRACE_S, s->container, s->image, s->port);
	printf("\"status\":{\"phase\":\"%s\",\"hostIP\":\"10.0.0.%d\","
	    "\"podIP\":\"10.244.%d.%d\",\"podIPs\":[{\"ip\":"
	    "\"10.244.%d.%d\"}],\"startTime\":\"%s\",\"conditions\":["
	    "{\"type\":\"PodScheduled\",\"status\":\"True\","
	    "\"lastTransitionTime\":\"%s\"},"
	    "{\"type\":\"Ready\",\"status\":\"%s\","
	    "\"lastTransitionTime\":\"%s\"}],",
	    type == 2 ? "Succeeded" : "Running", 10 + p->node, p->node,
	    p->host, p->node, p->host, st, cr, ready, rd);
	printf("\"containerStatuses\":[{\"name\":\"%s\",\"image\":\"%s\","
	    "\"ready\":%s,\"started\":%s,\"restartCount\":0,\"state\":{",
	    s->container, s->image, type == 0 ? "true" : "false",
	    type == 2 ? "false" : "true");
	if (type == 2)
		printf("\"terminated\":{\"exitCode\":0,\"reason\":"
		    "\"Completed\",\"startedAt\":\"%s\",\"finishedAt\":"
		    "\"%s\"}", st, fin);
	else
		printf("\"running\":{\"startedAt\":\"%s\"}", st);
	printf("},\"lastState\":{}}]}}}\n");
}

static void
write_pods(uint64_t n)
{
	struct plan	 pl;
	struct wevent	*ev;
	size_t		 nev = 0, i;
	int64_t		 rv = 40000;

	plan_make(&pl, horizon(n));
	ev = calloc(pl.npods * 3, sizeof *ev);
	if (ev == NULL)
		die("out of memory");
	for (i = 0; i < pl.npods; i++) {
		ev[nev++] = (struct wevent){ .at_us = pl.pods[i].ready_us,
		    .pod = i, .type = 0 };
		if (pl.pods[i].delete_us == NEVER)
			continue;
		ev[nev++] = (struct wevent){ .at_us = pl.pods[i].delete_us,
		    .pod = i, .type = 1 };
		ev[nev++] = (struct wevent){ .at_us = pl.pods[i].gone_us,
		    .pod = i, .type = 2 };
	}
	qsort(ev, nev, sizeof *ev, cmp_wevent);
	for (i = 0; i < nev; i++)
		print_pod(&pl.pods[ev[i].pod], ev[i].type, rv++);
	free(ev);
	free(pl.pods);
	if (fflush(stdout) != 0)
		die("write error");
}

/* The requests. */

static void
init_tables(void)
{
	struct rng	r = { SEED_LOG ^ 1 };
	size_t		i;
	int		cum = 0, a, b, c, d;

	for (i = 0; i < NCLIENTS; i++) {
		a = client_nets[rng_below(&r, NELEM(client_nets))];
		b = (int)rng_below(&r, 256);
		c = (int)rng_below(&r, 256);
		d = (int)rng_range(&r, 1, 254);
		snprintf(clients[i], sizeof clients[i], "%d.%d.%d.%d", a, b, c,
		    d);
	}
	for (i = 0; i < NSVC; i++) {
		cum += services[i].weight;
		svc_cum[i] = cum;
	}
}

/* Expands a path template: %d id, %u uuid, %h hex, %s slug, %w search
 * words, %n page, %z image size. */
static void
make_path(struct rng *r, char *buf, size_t len, const char *tpl)
{
	size_t	n = 0, k;
	char	tmp[40];

	for (; *tpl != '\0' && n + 40 < len; tpl++) {
		if (*tpl != '%') {
			buf[n++] = *tpl;
			continue;
		}
		switch (*++tpl) {
		case 'd':
			snprintf(tmp, sizeof tmp, "%u",
			    rng_below(r, rng_below(r, 999999) + 1) + 1);
			break;
		case 'u':
			rng_uid(r, tmp);
			break;
		case 'h':
			rng_word(r, tmp, 9, hexdig);
			break;
		case 's':
			snprintf(tmp, sizeof tmp, "%s",
			    slugs[rng_below(r, NELEM(slugs))]);
			break;
		case 'w':
			snprintf(tmp, sizeof tmp, "%s",
			    words[rng_below(r, NELEM(words))]);
			break;
		case 'n':
			snprintf(tmp, sizeof tmp, "%u",
			    rng_below(r, rng_below(r, 20) + 1) + 1);
			break;
		case 'z':
			snprintf(tmp, sizeof tmp, "%d",
			    sizes[rng_below(r, NELEM(sizes))]);
			break;
		default:
			die("bad path template");
		}
		k = strlen(tmp);
		memcpy(buf + n, tmp, k);
		n += k;
	}
	buf[n] = '\0';
}

static const struct route *
pick_route(struct rng *r, const struct service *s)
{
	int	total = 0, u;
	size_t	i;

	for (i = 0; i < s->nroutes; i++)
		total += s->routes[i].weight;
	u = (int)rng_below(r, (uint32_t)total);
	for (i = 0; i + 1 < s->nroutes; i++) {
		if (u < s->routes[i].weight)
			break;
		u -= s->routes[i].weight;
	}
	return (&s->routes[i]);
}

static const char *
pick_agent(struct rng *r)
{
	int	total = 0, u;
	size_t	i;

	for (i = 0; i < NELEM(agents); i++)
		total += agents[i].weight;
	u = (int)rng_below(r, (uint32_t)total);
	for (i = 0; i + 1 < NELEM(agents); i++) {
		if (u < agents[i].weight)
			break;
		u -= agents[i].weight;
	}
	return (agents[i].ua);
}

/* nginx retries only methods it considers idempotent. */
static int
idempotent(const char *method)
{
	return (strcmp(method, "POST") != 0 && strcmp(method, "PATCH") != 0);
}

/* The upstream's own answer when it is healthy. */
static void
answer(struct rng *r, const struct route *rt, int get, struct attempt *a)
{
	uint32_t	u = rng_below(r, 1000);

	a->status = rt->status;
	a->bytes = (int)rng_range(r, rt->bytes_lo, rt->bytes_hi);
	a->ms = (int)rng_range(r, rt->ms_lo, rt->ms_hi);
	if (rng_below(r, 50) == 0)
		a->ms = a->ms * (int)rng_range(r, 3, 12);	/* slow tail */
	if (get && u < 12)
		a->status = 404;
	else if (get && u < 20)
		a->status = 304;
	else if (get && u < 22)
		a->status = 301;
	else if (!get && u < 10)
		a->status = 400;
	else if (!get && u < 14)
		a->status = 409;
	else if (!get && u < 19)
		a->status = 422;
	else if (u >= 25 && u < 29)
		a->status = 401;
	if (a->status == 204 || a->status == 304 || rt->bytes_hi == 0)
		a->bytes = 0;
	else if (a->status >= 300 && a->status != rt->status)
		a->bytes = (int)rng_range(r, 40, 300);
}

static void
make_request(struct rng *r, const struct plan *pl, int64_t now,
    struct req *q)
{
	const struct route	*rt;
	const struct pod	*cand[64], *p;
	struct attempt		*a;
	size_t			 ncand = 0, i, k;
	uint32_t		 u;
	int			 svc, get, retry_ok, flaky, sent, tried[64];

	memset(q, 0, sizeof *q);
	q->end_us = now;
	u = rng_below(r, 1000);
	for (svc = 0; svc + 1 < (int)NSVC && (int)u >= svc_cum[svc]; svc++)
		;
	q->svc = &services[svc];
	rt = pick_route(r, q->svc);
	q->method = rt->method;
	get = strcmp(rt->method, "GET") == 0 || strcmp(rt->method, "HEAD") == 0;
	retry_ok = idempotent(rt->method);
	make_path(r, q->path, sizeof q->path, rt->path);
	q->client = clients[rng_below(r, rng_below(r, NCLIENTS) + 1)];
	q->referer = rng_below(r, 10) < 7 ? q->svc->referer : "-";
	q->ua = pick_agent(r);
	q->req_len = (int)rng_range(r, 280, 900);
	if (rt->body_hi > 0)
		q->req_len += (int)rng_range(r, 20, rt->body_hi);
	rng_word(r, q->id, sizeof q->id, hexdig);

	for (i = 0; i < pl->npods && ncand < NELEM(cand); i++) {
		p = &pl->pods[i];
		if (p->svc == svc && p->ready_us + ROUTE_DELAY <= now &&
		    now < p->unrouted_us)
			cand[ncand++] = p;
	}
	if (ncand == 0) {
		/* no endpoint: the balancer answers before proxying */
		q->status = 503;
		q->bytes = 190;
		q->ms = 0;
		return;
	}
	memset(tried, 0, sizeof tried);
	/* a race on a kept-alive connection the upstream just closed */
	flaky = ncand > 1 && rng_ppm(r, retry_ok ? FLAKY_PPM : FLAKY_PPM / 20);
	for (;;) {
		k = rng_below(r, (uint32_t)ncand);
		while (tried[k])
			k = (k + 1) % ncand;
		tried[k] = 1;
		p = cand[k];
		a = &q->att[q->natt++];
		a->pod = p;
		a->bytes = 0;
		sent = 1;
		if (p->delete_us != NEVER && now >= p->gone_us) {
			/*
			 * The address is gone and nothing answers: a new
			 * connection's SYN, or a request sent on a kept-alive
			 * connection whose end never reached nginx.
			 */
			a->status = 504;
			sent = rng_below(r, 100) < BLACKHOLE_PCT;
			a->ms = (sent ? READ_MS : CONNECT_MS) +
			    (int)rng_range(r, 0, 3);
		} else if (p->delete_us != NEVER && now >= p->closed_us) {
			/*
			 * It no longer listens: refused, or a kept-alive
			 * connection it closes once the request is sent.
			 */
			a->status = 502;
			sent = rng_below(r, 100) < STALE_PCT;
			a->ms = (int)rng_range(r, 0, sent ? 40 : 1);
		} else if (flaky) {
			a->status = 502;	/* prematurely closed */
			a->ms = (int)rng_range(r, 0, 15);
			flaky = 0;
		} else {
			answer(r, rt, get, a);
			if (rng_ppm(r, 300)) {
				a->status = 500;	/* the app failed */
				a->bytes = (int)rng_range(r, 60, 240);
			} else if (rng_ppm(r, 60)) {
				a->status = 504;	/* read timeout */
				a->bytes = 0;
				a->ms = READ_MS + (int)rng_range(r, 0, 2);
			}
		}
		q->ms += a->ms;
		/* proxy-next-upstream "error timeout", tries 3 */
		if ((a->status != 502 && a->status != 504) ||
		    (sent && !retry_ok) || q->natt == MAX_TRIES ||
		    (size_t)q->natt == ncand)
			break;
	}
	q->ms += (int)rng_range(r, 0, 2);
	q->status = a->status;
	q->bytes = a->bytes;
	if (a->status == 502)
		q->bytes = 150;
	else if (a->status == 504 && a->bytes == 0)
		q->bytes = 160;
}

static void
write_line(struct out *o, const struct req *q, const char *clf)
{
	int	i;

	put_s(o, q->client);
	put_s(o, " - - [");
	put_s(o, clf);
	put_s(o, "] \"");
	put_s(o, q->method);
	put_c(o, ' ');
	put_s(o, q->path);
	put_s(o, " HTTP/1.1\" ");
	put_i(o, q->status);
	put_c(o, ' ');
	put_i(o, q->bytes);
	put_s(o, " \"");
	put_s(o, q->referer);
	put_s(o, "\" \"");
	put_s(o, q->ua);
	put_s(o, "\" ");
	put_i(o, q->req_len);
	put_c(o, ' ');
	put_ms(o, q->ms);
	put_s(o, " [");
	put_s(o, q->svc->ns);
	put_c(o, '-');
	put_s(o, q->svc->name);
	put_c(o, '-');
	put_i(o, q->svc->port);
	put_s(o, "] [] ");
	if (q->natt == 0)
		put_s(o, "- - - -");
	else {
		for (i = 0; i < q->natt; i++) {
			if (i > 0)
				put_s(o, ", ");
			put_upstream(o, q->att[i].pod);
		}
		put_c(o, ' ');
		for (i = 0; i < q->natt; i++) {
			if (i > 0)
				put_s(o, ", ");
			put_i(o, q->att[i].bytes);
		}
		put_c(o, ' ');
		for (i = 0; i < q->natt; i++) {
			if (i > 0)
				put_s(o, ", ");
			put_ms(o, q->att[i].ms);
		}
		put_c(o, ' ');
		for (i = 0; i < q->natt; i++) {
			if (i > 0)
				put_s(o, ", ");
			put_i(o, q->att[i].status);
		}
	}
	put_c(o, ' ');
	put_s(o, q->id);
	put_c(o, '\n');
}

/* The upstream of the last attempt, or "-" when there was none. */
static void
put_last(struct out *o, const struct attempt *last)
{
	if (last != NULL)
		put_upstream(o, last->pod);
	else
		put_c(o, '-');
}

/*
 * The request as Envoy's default format logs it: its start, one line
 * whatever the retries, the last upstream host, and the response flag a
 * failure of that kind carries (no healthy upstream, connect failure,
 * upstream reset, timeout).
 */
static void
write_envoy(struct out *o, const struct req *q)
{
	const struct attempt	*last = q->natt > 0 ? &q->att[q->natt - 1] :
				    NULL;

	put_c(o, '[');
	put_time(o, q->end_us - (int64_t)q->ms * MS, 3);
	put_s(o, "] \"");
	put_s(o, q->method);
	put_c(o, ' ');
	put_s(o, q->path);
	put_s(o, " HTTP/1.1\" ");
	put_i(o, q->status);
	put_s(o, last == NULL ? " UH " : q->status == 504 ? " UT " :
	    q->status == 503 ? " UF " : q->status == 502 ? " UC " : " - ");
	put_i(o, q->req_len);
	put_c(o, ' ');
	put_i(o, q->bytes);
	put_c(o, ' ');
	put_i(o, q->ms);
	put_c(o, ' ');
	if (last != NULL && last->status < 500)
		put_i(o, last->ms);
	else
		put_c(o, '-');
	put_s(o, " \"");
	put_s(o, q->client);
	put_s(o, "\" \"");
	put_s(o, q->ua);
	put_s(o, "\" \"");
	put_s(o, q->id);
	put_s(o, "\" \"");
	put_s(o, q->svc->name);
	put_s(o, ".example.test\" \"");
	put_last(o, last);
	put_s(o, "\"\n");
}

/* Seconds as ALB writes them ("0.012"), or -1 when not measured. */
static void
put_alb_secs(struct out *o, const struct attempt *a)
{
	if (a == NULL || a->status >= 502)
		put_s(o, "-1");
	else
		put_ms(o, a->ms);
}

/*
 * The request as an Application Load Balancer logs it with targets of
 * type ip (the pods): its end, the last target, its status ("-" when
 * it answered nothing), the request's creation time.
 */
static void
write_alb(struct out *o, const struct req *q, uint64_t line)
{
	const struct attempt	*last = q->natt > 0 ? &q->att[q->natt - 1] :
				    NULL;
	int			 answered = last != NULL && last->status < 502;

	put_s(o, "http ");
	put_time(o, q->end_us, 6);
	put_s(o, " app/k8s-shop-ingress/9f8e7d6c5b4a3921 ");
	put_s(o, q->client);
	put_c(o, ':');
	put_i(o, 30000 + (int64_t)(line % 30000));
	put_c(o, ' ');
	put_last(o, last);
	put_s(o, last != NULL ? " 0.000 " : " -1 ");
	put_alb_secs(o, last);
	put_s(o, answered ? " 0.000 " : " -1 ");
	put_i(o, q->status);
	put_c(o, ' ');
	if (answered)
		put_i(o, last->status);
	else
		put_c(o, '-');
	put_c(o, ' ');
	put_i(o, q->req_len);
	put_c(o, ' ');
	put_i(o, q->bytes);
	put_s(o, " \"");
	put_s(o, q->method);
	put_s(o, " http://");
	put_s(o, q->svc->name);
	put_s(o, ".example.test:80");
	put_s(o, q->path);
	put_s(o, " HTTP/1.1\" \"");
	put_s(o, q->ua);
	put_s(o, "\" - - arn:aws:elasticloadbalancing:eu-west-1:"
	    "111122223333:targetgroup/k8s-");
	put_s(o, q->svc->ns);
	put_c(o, '-');
	put_s(o, q->svc->name);
	put_s(o, "/0a1b2c3d4e5f6a7b \"Root=1-6a4b1c2d-");
	put_mem(o, q->id, 24);
	put_s(o, "\" \"");
	put_s(o, q->svc->name);
	put_s(o, ".example.test\" \"-\" 1 ");
	put_time(o, q->end_us - (int64_t)q->ms * MS, 6);
	put_s(o, " \"forward\" \"-\" \"-\" \"");
	put_last(o, last);
	put_s(o, "\" \"");
	if (answered)
		put_i(o, last->status);
	else
		put_c(o, '-');
	put_s(o, "\" \"-\" \"-\" TID_");
	put_s(o, q->id);
	put_c(o, '\n');
}

/* The columns --tsv knows, named as in coroner's requests table. */
enum col {
	COL_ID, COL_SOURCE_ID, COL_REQ, COL_SEQ, COL_START_US, COL_END_US,
	COL_DURATION_US, COL_METHOD, COL_HOST, COL_PATH, COL_PROTOCOL,
	COL_STATUS, COL_BYTES, COL_CLIENT, COL_USER_AGENT, COL_NAMESPACE,
	COL_SERVICE, COL_UPSTREAM_NAME, COL_REQUEST_ID, COL_DIALECT, COL_LINE,
	COL_UPSTREAM, COL_IP, COL_PORT, COL_UPSTREAM_STATUS,
	COL_UPSTREAM_DURATION_US, COL_ATTEMPT_US,
	COL_EMPTY			/* any other: written empty */
};

/* Column names; per_attempt marks those that make one row an attempt. */
static const struct {
	const char	*name;
	enum col	 col;
	int		 per_attempt;
} col_names[] = {
	{ .name = "id", .col = COL_ID },
	{ .name = "source_id", .col = COL_SOURCE_ID },
	{ .name = "req", .col = COL_REQ },
	{ .name = "seq", .col = COL_SEQ, .per_attempt = 1 },
	{ .name = "start_us", .col = COL_START_US },
	{ .name = "end_us", .col = COL_END_US },
	{ .name = "duration_us", .col = COL_DURATION_US },
	{ .name = "method", .col = COL_METHOD },
	{ .name = "host", .col = COL_HOST },
	{ .name = "path", .col = COL_PATH },
	{ .name = "protocol", .col = COL_PROTOCOL },
	{ .name = "status", .col = COL_STATUS },
	{ .name = "bytes", .col = COL_BYTES },
	{ .name = "client", .col = COL_CLIENT },
	{ .name = "user_agent", .col = COL_USER_AGENT },
	{ .name = "namespace", .col = COL_NAMESPACE },
	{ .name = "service", .col = COL_SERVICE },
	{ .name = "upstream_name", .col = COL_UPSTREAM_NAME },
	{ .name = "request_id", .col = COL_REQUEST_ID },
	{ .name = "dialect", .col = COL_DIALECT },
	{ .name = "line", .col = COL_LINE },
	{ .name = "upstream", .col = COL_UPSTREAM, .per_attempt = 1 },
	{ .name = "ip", .col = COL_IP, .per_attempt = 1 },
	{ .name = "port", .col = COL_PORT, .per_attempt = 1 },
	{ .name = "upstream_status", .col = COL_UPSTREAM_STATUS,
	  .per_attempt = 1 },
	{ .name = "upstream_duration_us", .col = COL_UPSTREAM_DURATION_US,
	  .per_attempt = 1 },
	{ .name = "attempt_us", .col = COL_ATTEMPT_US, .per_attempt = 1 },
};

/* coroner's requests table when this was written (src/store-schema.c). */
#define DEFAULT_COLUMNS	"id,source_id,start_us,end_us,duration_us," \
	"method,host,path,protocol,status,bytes,client,user_agent," \
	"namespace,service,upstream_name,flags,detail,failure,request_id," \
	"dialect,line"
#define MAX_COLUMNS	64

/* The layout of a TSV row. */
struct tsv {
	enum col	 cols[MAX_COLUMNS];	/* what each column holds */
	int		 ncols;
	int		 per_attempt;	/* a row per upstream attempt */
	int64_t		 rowid;		/* the last id written */
};

/* Reads a comma-separated list of column names. */
static void
tsv_columns(struct tsv *t, const char *list)
{
	const char	*p = list, *e;
	size_t		 i, n;

	memset(t, 0, sizeof *t);
	for (;;) {
		e = strchr(p, ',');
		n = e != NULL ? (size_t)(e - p) : strlen(p);
		if (t->ncols == MAX_COLUMNS)
			die("too many columns");
		t->cols[t->ncols] = COL_EMPTY;
		for (i = 0; i < NELEM(col_names); i++) {
			if (strlen(col_names[i].name) == n &&
			    memcmp(col_names[i].name, p, n) == 0) {
				t->cols[t->ncols] = col_names[i].col;
				t->per_attempt |= col_names[i].per_attempt;
			}
		}
		t->ncols++;
		if (e == NULL)
			break;
		p = e + 1;
	}
}

static void
put_col(struct out *o, const struct req *q, const struct attempt *a,
    int seq, int64_t att_us, enum col c, struct tsv *t, uint64_t line)
{
	int64_t	end = q->end_us / US * US;

	switch (c) {
	case COL_ID:
		put_i(o, ++t->rowid);
		break;
	case COL_SOURCE_ID:
		put_c(o, '1');
		break;
	case COL_REQ:
	case COL_LINE:
		put_i(o, (int64_t)line);
		break;
	case COL_SEQ:
		put_i(o, seq);
		break;
	case COL_START_US:
		put_i(o, end - (int64_t)q->ms * MS);
		break;
	case COL_END_US:
		put_i(o, end);
		break;
	case COL_DURATION_US:
		put_i(o, (int64_t)q->ms * MS);
		break;
	case COL_METHOD:
		put_s(o, q->method);
		break;
	case COL_PATH:
		put_s(o, q->path);
		break;
	case COL_PROTOCOL:
		put_s(o, "HTTP/1.1");
		break;
	case COL_STATUS:
		put_i(o, q->status);
		break;
	case COL_BYTES:
		put_i(o, q->bytes);
		break;
	case COL_CLIENT:
		put_s(o, q->client);
		break;
	case COL_USER_AGENT:
		put_s(o, q->ua);
		break;
	case COL_NAMESPACE:
		put_s(o, q->svc->ns);
		break;
	case COL_SERVICE:
		put_s(o, q->svc->name);
		break;
	case COL_UPSTREAM_NAME:
		put_s(o, q->svc->ns);
		put_c(o, '-');
		put_s(o, q->svc->name);
		put_c(o, '-');
		put_i(o, q->svc->port);
		break;
	case COL_REQUEST_ID:
		put_s(o, q->id);
		break;
	case COL_DIALECT:
		put_s(o, "ingress-nginx");
		break;
	case COL_UPSTREAM:
		if (a != NULL)
			put_upstream(o, a->pod);
		else
			put_c(o, '-');
		break;
	case COL_IP:
		if (a != NULL)
			put_ip(o, a->pod);
		break;
	case COL_PORT:
		if (a != NULL)
			put_i(o, services[a->pod->svc].port);
		break;
	case COL_UPSTREAM_STATUS:
		if (a != NULL)
			put_i(o, a->status);
		break;
	case COL_UPSTREAM_DURATION_US:
		if (a != NULL)
			put_i(o, (int64_t)a->ms * MS);
		break;
	case COL_ATTEMPT_US:
		if (a != NULL)
			put_i(o, att_us);
		break;
	case COL_HOST:
	case COL_EMPTY:
		break;
	}
}

/* The request as rows of coroner's requests table, columns in t. */
static void
write_tsv(struct out *o, const struct req *q, uint64_t line, struct tsv *t)
{
	const struct attempt	*a;
	int64_t			 att_us;
	int			 seq, nrows, i;

	att_us = q->end_us / US * US - (int64_t)q->ms * MS;
	nrows = t->per_attempt && q->natt > 1 ? q->natt : 1;
	for (seq = 0; seq < nrows; seq++) {
		a = seq < q->natt ? &q->att[seq] : NULL;
		for (i = 0; i < t->ncols; i++) {
			if (i > 0)
				put_c(o, '\t');
			put_col(o, q, a, seq, att_us, t->cols[i], t, line);
		}
		put_c(o, '\n');
		if (a != NULL)
			att_us += (int64_t)a->ms * MS;
	}
}

/* What write_log writes. */
enum dialect { D_NGINX, D_TSV, D_ENVOY, D_ALB };

static void
write_log(uint64_t n, enum dialect dialect, const char *columns)
{
	static struct out	 o;
	static struct tsv	 t;
	struct plan		 pl;
	struct rng		 clk = { SEED_CLOCK }, r = { SEED_LOG };
	struct req		 q;
	char			 clf[48];
	int64_t			 now = T0_US, sec = -1;
	uint64_t		 i;

	if (dialect == D_TSV)
		tsv_columns(&t, columns);
	init_tables();
	plan_make(&pl, horizon(n));
	for (i = 1; i <= n; i++) {
		now = clock_next(&clk, now);
		make_request(&r, &pl, now, &q);
		if (dialect == D_TSV)
			write_tsv(&o, &q, i, &t);
		else if (dialect == D_ENVOY)
			write_envoy(&o, &q);
		else if (dialect == D_ALB)
			write_alb(&o, &q, i);
		else {
			if (now / US != sec) {
				sec = now / US;
				fmt_clf(clf, now);
			}
			write_line(&o, &q, clf);
		}
	}
	out_flush(&o);
	free(pl.pods);
	if (fflush(stdout) != 0)
		die("write error");
}

static int
parse_count(const char *s, uint64_t *n)
{
	char			*end;
	unsigned long long	 v;

	if (*s < '0' || *s > '9')
		return (-1);
	v = strtoull(s, &end, 10);
	if (*end != '\0' || v > UINT64_C(1000000000))
		return (-1);
	*n = v;
	return (0);
}

static void
usage(void)
{
	fprintf(stderr, "usage: gen-nginx N\n"
	    "       gen-nginx --tsv N [COLUMN,...]\n"
	    "       gen-nginx --pods [N]\n"
	    "       gen-nginx --envoy N | --alb N\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	uint64_t	n = DEFAULT_PODS_N;

	if (argc == 2 && parse_count(argv[1], &n) == 0)
		write_log(n, D_NGINX, NULL);
	else if ((argc == 3 || argc == 4) && strcmp(argv[1], "--tsv") == 0 &&
	    parse_count(argv[2], &n) == 0)
		write_log(n, D_TSV, argc == 4 ? argv[3] : DEFAULT_COLUMNS);
	else if (argc == 3 && strcmp(argv[1], "--envoy") == 0 &&
	    parse_count(argv[2], &n) == 0)
		write_log(n, D_ENVOY, NULL);
	else if (argc == 3 && strcmp(argv[1], "--alb") == 0 &&
	    parse_count(argv[2], &n) == 0)
		write_log(n, D_ALB, NULL);
	else if ((argc == 2 || argc == 3) && strcmp(argv[1], "--pods") == 0 &&
	    (argc == 2 || parse_count(argv[2], &n) == 0))
		write_pods(n);
	else
		usage();
	return (0);
}
