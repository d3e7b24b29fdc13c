/*
 * lint.c: the checks of "coroner lint" (lint.h): a workload manifest's pod
 * template against the lifecycle rules of coroner(1), THE MODEL and the numbers
 * past incidents measured.
 *
 *   grace-budget        the grace period holds each app container's
 *                       preStop sleep + its shutdown + the margin
 *                       (budget.h); with the shutdown unknown, only that
 *                       the preStop leaves more than the kubelet's 2 s
 *   prestop-covers-lb   the preStop outlasts the load balancer's measured
 *                       lag + the margin (a grace longer still)
 *   proxy-drains-first  a plain (non-native) proxy sidecar stays, by its
 *                       preStop or its drain, until the app has drained
 *   proxy-starts-first  an app beside a plain proxy waits for it to start
 *   job-sidecar         a Job's plain proxy has a way to exit
 *   job-deadline        a CronJob's activeDeadlineSeconds is at most twice
 *                       its measured median run
 *
 * Containers are read by podspec.c, as the importer reads pods.  Proxies
 * are the containers named like one (model.h) and the istio-proxy or
 * linkerd-proxy an annotation or label asks the mesh to inject.  No SQL,
 * no output.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "k8sjson.h"
#include "lint.h"
#include "model.h"
#include "timefmt.h"
#include "yamlsplit.h"

#define ISTIO_DRAIN_MS	5000	/* Istio's default terminationDrainDuration */
#define PROXY_MAX	8	/* proxies of one pod considered */

/* Where each kind keeps its pod template and its Jobs' spec. */
static const struct {
	const char	*kind;		/* the object's kind */
	const char	*tmpl;		/* the pod template, NULL: the object */
	const char	*jobspec;	/* the JobSpec, or NULL */
	int		 cronjob;	/* a CronJob */
} lint_kinds[] = {
	{ .kind = "Deployment", .tmpl = "spec.template" },
	{ .kind = "StatefulSet", .tmpl = "spec.template" },
	{ .kind = "DaemonSet", .tmpl = "spec.template" },
	{ .kind = "ReplicaSet", .tmpl = "spec.template" },
	{ .kind = "Job", .tmpl = "spec.template", .jobspec = "spec" },
	{ .kind = "CronJob", .tmpl = "spec.jobTemplate.spec.template",
	    .jobspec = "spec.jobTemplate.spec", .cronjob = 1 },
	{ .kind = "Pod", .tmpl = NULL },
};
#define LINT_NKINDS	(sizeof lint_kinds / sizeof lint_kinds[0])

/* What a Job's main container runs to make its proxy exit. */
static const char *const quit_calls[] = {
	"quitquitquit",			/* Envoy, Istio's pilot-agent,
					   cloud-sql-proxy */
	"linkerd-await --shutdown",	/* Linkerd's wrapper */
	"/shutdown",			/* Linkerd's admin endpoint */
	NULL
};

int64_t
lint_duration_ms(const char *s)
{
	static const struct {
		const char	*unit;	/* as Go's time.ParseDuration */
		double		 ms;	/* milliseconds in one */
	} units[] = {
		{ .unit = "ns", .ms = 1e-6 },
		{ .unit = "us", .ms = 1e-3 },
		{ .unit = "\xc2\xb5s", .ms = 1e-3 },
		{ .unit = "\xce\xbcs", .ms = 1e-3 },
		{ .unit = "ms", .ms = 1 },
		{ .unit = "s", .ms = 1000 },
		{ .unit = "m", .ms = 60000 },
		{ .unit = "h", .ms = 3600000 },
	};
	double	 total = 0, v;
	char	*end;
	size_t	 i, n, best;

	if (s == NULL || *s == '\0')
		return (-1);
	if (strcmp(s, "0") == 0)
		return (0);
	while (*s != '\0') {
		if ((*s < '0' || *s > '9') && *s != '.')
			return (-1);
		v = strtod(s, &end);
		if (end == s)
			return (-1);
		s = end;
		/* the longest unit that matches ("ms" before "m") */
		for (i = 0, best = 0, n = 0; i < sizeof units / sizeof
		    units[0]; i++) {
			if (strncmp(s, units[i].unit, strlen(units[i].unit)) ==
			    0 && strlen(units[i].unit) > n) {
				n = strlen(units[i].unit);
				best = i;
			}
		}
		if (n == 0)
			return (-1);
		total += v * units[best].ms;
		s += n;
	}
	if (total > 1e15)
		return (-1);
	return ((int64_t)llround(total));
}

/* A decimal number of whole seconds in a string ("30"), or -1. */
static int64_t
seconds_ms(const char *s)
{
	char	*end;
	long	 v;

	if (s == NULL || *s < '0' || *s > '9')
		return (-1);
	v = strtol(s, &end, 10);
	if (*end != '\0' || v < 0 || v > 100000000)
		return (-1);
	return ((int64_t)v * 1000);
}

/* The value of an annotation or label (NULL when absent). */
static const char *
meta(json_t *tmpl, const char *where, const char *key)
{
	return (json_string_value(json_object_get(kj_get(tmpl, where), key)));
}

/* Reads the Istio settings of a proxy config object (YAML or JSON). */
static void
read_proxy_config(json_t *cfg, int64_t *drain_ms, int *hold, int *zero)
{
	const char	*s;
	int64_t		 ms;

	if (!json_is_object(cfg))
		return;
	if ((s = kj_str(cfg, "terminationDrainDuration")) != NULL &&
	    (ms = lint_duration_ms(s)) >= 0)
		*drain_ms = ms;
	if (json_is_true(json_object_get(cfg,
	    "holdApplicationUntilProxyStarts")))
		*hold = 1;
	s = kj_str(cfg, "proxyMetadata.EXIT_ON_ZERO_ACTIVE_CONNECTIONS");
	if (zero != NULL && s != NULL && strcmp(s, "true") == 0)
		*zero = 1;
}

/* Parses s (YAML or JSON) and reads it as a proxy config. */
static void
read_proxy_text(const char *s, int64_t *drain_ms, int *hold, int *zero)
{
	json_t	*cfg;
	char	*cause;

	if (s == NULL)
		return;
	if (ys_load_string(s, strlen(s), &cfg, &cause) != 0) {
		free(cause);	/* the mesh would refuse it too */
		return;
	}
	read_proxy_config(cfg, drain_ms, hold, zero);
	json_decref(cfg);
}

/* Reads what a container's env tells its proxy. */
static void
read_env(json_t *spec, struct lint_container *c)
{
	json_t		*env = kj_get(spec, "env"), *e;
	const char	*name, *value;
	size_t		 i;
	int64_t		 ms;

	json_array_foreach(env, i, e) {
		if ((name = kj_str(e, "name")) == NULL ||
		    (value = kj_str(e, "value")) == NULL)
			continue;
		if (strcmp(name, "TERMINATION_DRAIN_DURATION_SECONDS") == 0 &&
		    (ms = seconds_ms(value)) >= 0)
			c->drain_env_ms = ms;
		else if (strcmp(name, "EXIT_ON_ZERO_ACTIVE_CONNECTIONS") == 0)
			c->exit_on_zero = strcmp(value, "true") == 0;
		else if (strcmp(name, "PROXY_CONFIG") == 0) {
			ms = INT_NONE;
			read_proxy_text(value, &ms, &c->hold_env, NULL);
			if (ms != INT_NONE && c->drain_env_ms == INT_NONE)
				c->drain_env_ms = ms;
		}
	}
}

static void
read_containers(struct lint_template *t, json_t *spec, const char *path,
    int init)
{
	json_t			*arr = kj_get(spec, path), *el;
	struct lint_container	*c;
	size_t			 i;

	json_array_foreach(arr, i, el) {
		if (!json_is_object(el) || kj_str(el, "name") == NULL)
			continue;
		t->c = xreallocarray(t->c, t->nc + 1, sizeof *t->c);
		c = &t->c[t->nc++];
		memset(c, 0, sizeof *c);
		c->name = kj_str(el, "name");
		c->init = init;
		c->native = podspec_native(el, init);
		c->proxy = model_is_proxy_name(c->name);
		c->ports = json_array_size(kj_get(el, "ports")) > 0;
		c->drain_env_ms = INT_NONE;
		/* of the postStart only its presence is kept */
		podspec_hook(el, "lifecycle.postStart", &c->poststart,
		    &c->hookcmd);
		c->poststart.cmd = NULL;
		podspec_prestop(el, &c->prestop, &c->hookcmd);
		podspec_words(el, "command", &c->command);
		podspec_words(el, "args", &c->command);
		read_env(el, c);
	}
}

/* The mesh settings the template's annotations and labels carry. */
static void
read_mesh(struct lint_template *t, json_t *tmpl)
{
	const char	*s;
	int64_t		 ms;

	read_proxy_text(meta(tmpl, "metadata.annotations",
	    "proxy.istio.io/config"), &t->drain_ms, &t->hold,
	    &t->exit_on_zero);
	if ((ms = seconds_ms(meta(tmpl, "metadata.annotations",
	    "config.alpha.linkerd.io/proxy-wait-before-exit-seconds"))) >= 0)
		t->drain_ms = ms;
	s = meta(tmpl, "metadata.annotations", "config.linkerd.io/proxy-await");
	if (s != NULL && strcmp(s, "enabled") == 0)
		t->hold = 1;
	s = meta(tmpl, "metadata.annotations", "sidecar.istio.io/inject");
	if (s == NULL)
		s = meta(tmpl, "metadata.labels", "sidecar.istio.io/inject");
	if (s != NULL && strcmp(s, "true") == 0) {
		t->injected = "istio-proxy";
		s = meta(tmpl, "metadata.annotations",
		    "sidecar.istio.io/nativeSidecar");
		t->injected_native = s != NULL && strcmp(s, "true") == 0;
	}
	s = meta(tmpl, "metadata.annotations", "linkerd.io/inject");
	if (s != NULL && strcmp(s, "enabled") == 0) {
		t->injected = "linkerd-proxy";
		s = meta(tmpl, "metadata.annotations",
		    "config.alpha.linkerd.io/proxy-enable-native-sidecar");
		t->injected_native = s != NULL && strcmp(s, "true") == 0;
	}
}

/*
 * The name of the object's controller in its ownerReferences (a
 * ReplicaSet's Deployment, a Job's CronJob), or NULL.
 */
static const char *
controller_of(json_t *obj)
{
	json_t	*refs = kj_get(obj, "metadata.ownerReferences"), *r;
	size_t	 i;

	json_array_foreach(refs, i, r) {
		if (json_is_true(json_object_get(r, "controller")))
			return (kj_str(r, "name"));
	}
	return (NULL);
}

int
lint_template_read(json_t *obj, const char *kind, const char *file,
    int64_t line, struct lint_template *t, char **cause)
{
	json_t	*tmpl, *spec, *js = NULL;
	char	 why[160];
	size_t	 i;

	memset(t, 0, sizeof *t);
	if (kind == NULL)
		return (1);
	for (i = 0; i < LINT_NKINDS; i++) {
		if (strcmp(kind, lint_kinds[i].kind) == 0)
			break;
	}
	if (i == LINT_NKINDS && strcmp(kind, "(workload)") == 0) {
		/* a workload without kind: its shape tells where */
		i = json_is_object(kj_get(obj, "spec.jobTemplate")) ? 5 : 0;
		kind = "workload";
	} else if (i == LINT_NKINDS)
		return (1);
	else
		kind = lint_kinds[i].kind;
	t->file = file;
	t->line = line;
	t->kind = kind;
	t->namespace = kj_str(obj, "metadata.namespace");
	t->name = kj_str(obj, "metadata.name");
	t->workload = controller_of(obj);
	if (t->workload == NULL)
		t->workload = t->name;
	t->job = lint_kinds[i].jobspec != NULL;
	t->cronjob = lint_kinds[i].cronjob;
	t->grace_s = t->deadline_s = t->drain_ms = INT_NONE;
	tmpl = lint_kinds[i].tmpl != NULL ? kj_get(obj, lint_kinds[i].tmpl) :
	    obj;
	spec = kj_get(tmpl, "spec");
	if (!json_is_object(spec)) {
		*cause = xasprintf("%s %s has no pod template (%s.spec)", kind,
		    t->name != NULL ? t->name : "(unnamed)",
		    lint_kinds[i].tmpl != NULL ? lint_kinds[i].tmpl : "");
		return (-1);
	}
	if (lint_kinds[i].jobspec != NULL)
		js = kj_get(obj, lint_kinds[i].jobspec);
	/* what the API would refuse is said, never taken for unset */
	if (kj_seconds_strict(spec, "terminationGracePeriodSeconds",
	    &t->grace_s, why, sizeof why) != 0 || kj_seconds_strict(js,
	    "activeDeadlineSeconds", &t->deadline_s, why, sizeof why) != 0) {
		*cause = xasprintf("%s %s: %s", kind, t->name != NULL ?
		    t->name : "(unnamed)", why);
		return (-1);
	}
	read_containers(t, spec, "initContainers", 1);
	read_containers(t, spec, "containers", 0);
	read_mesh(t, tmpl);
	return (0);
}

void
lint_template_free(struct lint_template *t)
{
	size_t	i;

	for (i = 0; i < t->nc; i++) {
		buf_free(&t->c[i].hookcmd);
		buf_free(&t->c[i].command);
	}
	free(t->c);
	t->c = NULL;
	t->nc = 0;
}

/* ---- what the checks share ----------------------------------------- */

/* A proxy beside the app: a container named like one, or injected. */
struct lint_proxy {
	const char			*name;	/* the container's; borrowed */
	int				 native; /* a native sidecar */
	const struct lint_container	*c;	/* its container (borrowed), or
						   NULL when injected */
};

/* The template's proxies (at most max). */
static size_t
proxies(const struct lint_template *t, struct lint_proxy *out, size_t max)
{
	size_t	i, n = 0;
	int	have_injected = 0;

	for (i = 0; i < t->nc && n < max; i++) {
		if (!t->c[i].proxy || (t->c[i].init && !t->c[i].native))
			continue;
		if (t->injected != NULL && strcmp(t->c[i].name,
		    t->injected) == 0)
			have_injected = 1;
		out[n].name = t->c[i].name;
		out[n].native = t->c[i].native;
		out[n].c = &t->c[i];
		n++;
	}
	if (t->injected != NULL && !have_injected && n < max) {
		out[n].name = t->injected;
		out[n].native = t->injected_native;
		out[n].c = NULL;
		n++;
	}
	return (n);
}

/*
 * Whether c is one of the app's containers: not an init container, not a
 * proxy, unless the pod has nothing but proxies (a gateway).
 */
static int
is_app(const struct lint_template *t, const struct lint_container *c)
{
	size_t	i;

	if (c->init)
		return (0);
	if (!c->proxy)
		return (1);
	for (i = 0; i < t->nc; i++) {
		if (!t->c[i].init && !t->c[i].proxy)
			return (0);
	}
	return (1);
}

/* Whether the template has an app beside its proxies. */
static int
has_app(const struct lint_template *t)
{
	size_t	i;

	for (i = 0; i < t->nc; i++) {
		if (!t->c[i].init && !t->c[i].proxy)
			return (1);
	}
	return (0);
}

/* The first app container's name, for problems of the whole pod. */
static const char *
first_app(const struct lint_template *t)
{
	size_t	i;

	for (i = 0; i < t->nc; i++) {
		if (is_app(t, &t->c[i]))
			return (t->c[i].name);
	}
	return (t->nc > 0 ? t->c[0].name : "-");
}

static double
grace_of(const struct lint_template *t)
{
	return ((double)(t->grace_s != INT_NONE ? t->grace_s :
	    BUDGET_GRACE_DEFAULT_S));
}

/* A container's preStop sleep in seconds (0 when none or not a sleep). */
static double
prestop_of(const struct lint_container *c)
{
	return (c->prestop.ms != INT_NONE ? (double)c->prestop.ms / 1000 : 0);
}

/* The shutdown the checks assume: given, measured, or unknown (0). */
static void
shutdown_of(const struct lint_measured *m, const struct lint_opts *o,
    double *s, enum budget_basis *basis)
{
	*s = 0;
	*basis = BUDGET_UNKNOWN;
	if (o->shutdown_s >= 0) {
		*s = o->shutdown_s;
		*basis = BUDGET_GIVEN;
	} else if (m != NULL && m->shutdown_us != TIME_NONE) {
		*s = (double)m->shutdown_us / 1e6;
		*basis = m->shutdown_lower ? BUDGET_LOWER_BOUND :
		    BUDGET_OBSERVED;
	}
}

/* Seconds as the messages write them: "25 s", "4.5 s". */
static const char *
secs(double s, char *buf, size_t len)
{
	if (s == floor(s))
		snprintf(buf, len, "%.0f s", s);
	else
		snprintf(buf, len, "%.1f s", s);
	return (buf);
}

/* A number for the problem's numbers: whole seconds as integers. */
static json_t *
jsecs(double s)
{
	if (s == floor(s) && fabs(s) < 1e15)
		return (json_integer((json_int_t)s));
	return (json_real(round(s * 10) / 10));
}

static const char *
basis_name(enum budget_basis b)
{
	switch (b) {
	case BUDGET_GIVEN:
		return ("given");
	case BUDGET_OBSERVED:
		return ("observed");
	case BUDGET_LOWER_BOUND:
		return ("lower-bound");
	case BUDGET_UNKNOWN:
		break;
	}
	return ("unmeasured");
}

/* How a message names the shutdown: "the shutdown >= 5.0 s (...)". */
static void
shutdown_text(double s, enum budget_basis b, char *out, size_t len)
{
	char	n[32];

	switch (b) {
	case BUDGET_GIVEN:
		snprintf(out, len, "the shutdown %s (--shutdown)",
		    secs(s, n, sizeof n));
		break;
	case BUDGET_OBSERVED:
		snprintf(out, len, "the longest measured shutdown %.1f s", s);
		break;
	case BUDGET_LOWER_BOUND:
		snprintf(out, len, "the shutdown >= %.1f s (measured, but "
		    "killed at the deadline: only a lower bound)", s);
		break;
	case BUDGET_UNKNOWN:
		snprintf(out, len, "the shutdown (unmeasured)");
		break;
	}
}

/* How a message names a preStop hook. */
static void
prestop_text(const struct lint_container *c, char *out, size_t len)
{
	char	n[32];

	if (c->prestop.kind == NULL)
		snprintf(out, len, "no preStop sleep");
	else if (c->prestop.forever)
		snprintf(out, len, "a preStop sleep that never ends");
	else if (c->prestop.ms == INT_NONE)
		snprintf(out, len, "a preStop %s hook of unknown length "
		    "(counted as 0 s)", c->prestop.kind);
	else
		snprintf(out, len, "the preStop sleep %s",
		    secs(prestop_of(c), n, sizeof n));
}

static const struct lint_check *
check_of(const char *id)
{
	const struct lint_check	*k;

	for (k = lint_checks; k->id != NULL; k++) {
		if (strcmp(k->id, id) == 0)
			return (k);
	}
	fatal("lint: no check %s", id);
}

/* Reports a problem; takes message and numbers.  Returns 1. */
static int
report(lint_report cb, void *ctx, const struct lint_template *t,
    const char *id, const char *container, json_t *numbers, char *message)
{
	struct lint_problem	p = {
		.check = check_of(id), .container = container,
		.message = message, .numbers = numbers
	};

	cb(ctx, t, &p);
	free(message);
	json_decref(numbers);
	return (1);
}

/* ---- the checks ----------------------------------------------------- */

/*
 * grace-budget of an app whose preStop sleep never ends: the kubelet
 * ends the hook at the grace deadline, so every pod is SIGKILLed 2 s
 * later, whatever the grace.  Returns 1.
 */
static int
grace_never(const struct lint_template *t, const struct lint_container *c,
    lint_report cb, void *ctx)
{
	char	g[32];

	return (report(cb, ctx, t, "grace-budget", c->name, json_pack(
	    "{s:o, s:n, s:b}", "grace_s", jsecs(grace_of(t)), "prestop_s",
	    "prestop_never_ends", 1), xasprintf("the preStop (%s) sleeps "
	    "longer than any grace period (a year or more): the kubelet ends "
	    "it at the grace deadline, %s after the deletion request, and "
	    "SIGKILLs the app %d s later, before any shutdown of its own: "
	    "sleep a set time that leaves the shutdown and the margin inside "
	    "the grace",
	    c->prestop.cmd != NULL ? c->prestop.cmd : "sleep", secs(grace_of(t),
	    g, sizeof g), BUDGET_FLOOR_S)));
}

static int
check_grace_budget(const struct lint_template *t,
    const struct lint_measured *m, const struct lint_opts *o, lint_report cb,
    void *ctx)
{
	const struct lint_container	*c;
	struct budget			 b, lb_b;
	json_t				*nums;
	char				 ps[96], sd[128], g[32], n[32], d[32];
	char				 lb[160];
	size_t				 i;
	int				 found = 0;

	for (i = 0; i < t->nc; i++) {
		c = &t->c[i];
		if (!is_app(t, c))
			continue;
		if (c->prestop.forever) {
			found += grace_never(t, c, cb, ctx);
			continue;
		}
		memset(&b, 0, sizeof b);
		b.grace_s = grace_of(t);
		b.prestop_s = prestop_of(c);
		b.margin_s = o->margin_s;
		shutdown_of(m, o, &b.shutdown_s, &b.basis);
		budget_compute(&b);
		if (b.fits)
			continue;
		nums = json_pack("{s:o, s:o, s:o, s:s, s:o, s:I}",
		    "grace_s", jsecs(b.grace_s), "prestop_s",
		    jsecs(b.prestop_s), "shutdown_s",
		    b.basis == BUDGET_UNKNOWN ? json_null() :
		    jsecs(b.shutdown_s), "shutdown_basis",
		    basis_name(b.basis), "margin_s", jsecs(b.margin_s),
		    "recommended_grace_s", (json_int_t)b.recommended_s);
		prestop_text(c, ps, sizeof ps);
		secs(b.grace_s, g, sizeof g);
		if (b.basis == BUDGET_UNKNOWN) {
			found += report(cb, ctx, t, "grace-budget", c->name,
			    nums, xasprintf("%s leaves the app %s of the %s "
			    "grace (the kubelet's floor) and the shutdown is "
			    "unmeasured: set terminationGracePeriodSeconds to "
			    "the preStop + the app's shutdown + margin %s, "
			    "%lld + the shutdown (--shutdown S or --db measure "
			    "it)", ps, secs(b.left_s, n, sizeof n), g,
			    secs(b.margin_s, sd, sizeof sd),
			    (long long)b.recommended_s));
			continue;
		}
		shutdown_text(b.shutdown_s, b.basis, sd, sizeof sd);
		/*
		 * A load balancer that outlasts the preStop needs a longer
		 * one (prestop-covers-lb), and the grace must hold that one:
		 * the same recommendation as analyze's finding.
		 */
		lb[0] = '\0';
		if (m != NULL && m->lag_us != TIME_NONE &&
		    b.prestop_s < budget_lag_s(m->lag_us) + o->margin_s) {
			lb_b = b;
			lb_b.prestop_s = (double)budget_prestop_for_lag(
			    budget_lag_s(m->lag_us), o->margin_s);
			budget_compute(&lb_b);
			json_object_set_new(nums, "recommended_prestop_s",
			    json_integer((json_int_t)lb_b.prestop_s));
			json_object_set_new(nums, "recommended_grace_s",
			    json_integer((json_int_t)lb_b.recommended_s));
			snprintf(lb, sizeof lb, ", nor the preStop sleep of "
			    "%lld s the load balancer's lag needs "
			    "(prestop-covers-lb)", (long long)lb_b.prestop_s);
			b.recommended_s = lb_b.recommended_s;
		}
		found += report(cb, ctx, t, "grace-budget", c->name, nums,
		    xasprintf("terminationGracePeriodSeconds %s does not hold "
		    "%s + %s + margin %s = %s%s: set it to at least %lld", g,
		    ps, sd, secs(b.margin_s, n, sizeof n), secs(round(b.need_s *
		    10) / 10, d, sizeof d), lb, (long long)b.recommended_s));
	}
	return (found);
}

static int
check_prestop_covers_lb(const struct lint_template *t,
    const struct lint_measured *m, const struct lint_opts *o, lint_report cb,
    void *ctx)
{
	const struct lint_container	*c;
	struct budget			 b;
	double				 lag, sleep_need;
	int64_t				 sleep_s;
	json_t				*nums;
	char				 ps[96], sd[128], n[32], gr[256];
	char				 lags[96];
	size_t				 i;
	int				 found = 0, ports = 0;

	if (m == NULL || m->lag_us == TIME_NONE)
		return (0);
	lag = budget_lag_s(m->lag_us);
	budget_lag_phrase(m->lag_us, (size_t)m->lag_pods, lags, sizeof lags);
	sleep_need = lag + o->margin_s;
	sleep_s = budget_prestop_for_lag(lag, o->margin_s);
	for (i = 0; i < t->nc; i++)
		ports |= is_app(t, &t->c[i]) && t->c[i].ports;
	for (i = 0; i < t->nc; i++) {
		c = &t->c[i];
		/* a sleep for ever is grace-budget's problem */
		if (!is_app(t, c) || (ports && !c->ports) ||
		    c->prestop.forever || prestop_of(c) >= sleep_need)
			continue;
		memset(&b, 0, sizeof b);
		b.grace_s = grace_of(t);
		b.prestop_s = (double)sleep_s;
		b.margin_s = o->margin_s;
		shutdown_of(m, o, &b.shutdown_s, &b.basis);
		budget_compute(&b);
		nums = json_pack("{s:o, s:I, s:I, s:o, s:o, s:I, s:I}",
		    "lag_s", jsecs(lag), "pods", (json_int_t)m->lag_pods,
		    "pods_after_sigterm", (json_int_t)m->after_sigterm,
		    "prestop_s", jsecs(prestop_of(c)), "margin_s",
		    jsecs(o->margin_s), "recommended_prestop_s",
		    (json_int_t)sleep_s, "recommended_grace_s",
		    (json_int_t)b.recommended_s);
		shutdown_text(b.shutdown_s, b.basis, sd, sizeof sd);
		if (c->prestop.ms == INT_NONE)
			snprintf(ps, sizeof ps, "%s keeps the app serving "
			    "that long", c->prestop.kind == NULL ?
			    "no preStop sleep" : "no preStop of known length");
		else if (prestop_of(c) < lag)
			snprintf(ps, sizeof ps, "the preStop sleep %s ends "
			    "before that", secs(prestop_of(c), n, sizeof n));
		else
			snprintf(ps, sizeof ps, "the preStop sleep %s outlasts "
			    "it by less than the margin", secs(prestop_of(c), n,
			    sizeof n));
		if (b.recommended_s > (int64_t)b.grace_s)
			snprintf(gr, sizeof gr, "raise "
			    "terminationGracePeriodSeconds to at least %lld "
			    "(that preStop + %s + margin)",
			    (long long)b.recommended_s, sd);
		else
			snprintf(gr, sizeof gr, "the grace of %s still holds "
			    "that preStop + %s + margin", secs(b.grace_s, n,
			    sizeof n), sd);
		found += report(cb, ctx, t, "prestop-covers-lb", c->name, nums,
		    xasprintf("a load balancer kept routing to this "
		    "workload's pods %s (%lld of %lld pods still got "
		    "requests after SIGTERM); %s: sleep %lld s in preStop "
		    "(the lag + margin %s, rounded up), and %s", lags,
		    (long long)m->after_sigterm, (long long)m->lag_pods, ps,
		    (long long)sleep_s,
		    secs(o->margin_s, n, sizeof n), gr));
	}
	return (found);
}

/*
 * How long a proxy stays after SIGTERM (it gets it with the app): its
 * preStop sleep, then its drain.  Returns -1 when it waits for the
 * app's connections to end (EXIT_ON_ZERO_ACTIVE_CONNECTIONS).
 */
static int64_t
proxy_stay_ms(const struct lint_template *t, const struct lint_proxy *p,
    const char **how)
{
	int64_t	 prestop = 0, drain = 0;
	int	 istio = strcmp(p->name, "istio-proxy") == 0;
	int	 linkerd = strcmp(p->name, "linkerd-proxy") == 0;

	if (p->c != NULL && p->c->prestop.ms != INT_NONE)
		prestop = p->c->prestop.ms;
	*how = prestop > 0 ? "its preStop sleep" : "nothing keeps it";
	if (istio) {
		if (t->exit_on_zero || (p->c != NULL && p->c->exit_on_zero))
			return (-1);
		if (p->c != NULL && p->c->drain_env_ms != INT_NONE)
			drain = p->c->drain_env_ms;
		else if (t->drain_ms != INT_NONE)
			drain = t->drain_ms;
		else
			drain = ISTIO_DRAIN_MS;
		if (prestop > 0)
			*how = "its preStop sleep, then its drain";
		else if (p->c != NULL && p->c->drain_env_ms != INT_NONE)
			*how = "its TERMINATION_DRAIN_DURATION_SECONDS";
		else if (t->drain_ms != INT_NONE)
			*how = "its terminationDrainDuration";
		else
			*how = "Istio's default terminationDrainDuration";
	} else if (linkerd && prestop == 0 && t->drain_ms != INT_NONE) {
		drain = t->drain_ms;	/* becomes its preStop when injected */
		*how = "its proxy-wait-before-exit-seconds";
	}
	return (prestop + drain);
}

/* The fix that makes proxy p stay need_s seconds. */
static void
drain_fix(const struct lint_proxy *p, int64_t need_s, char *out, size_t len)
{
	if (strcmp(p->name, "istio-proxy") == 0)
		snprintf(out, len, "set terminationDrainDuration: %llds in "
		    "the proxy.istio.io/config annotation (or "
		    "EXIT_ON_ZERO_ACTIVE_CONNECTIONS: \"true\" in its "
		    "proxyMetadata), or make istio-proxy a native sidecar",
		    (long long)need_s);
	else if (strcmp(p->name, "linkerd-proxy") == 0)
		snprintf(out, len, "set the annotation config.alpha.linkerd.io/"
		    "proxy-wait-before-exit-seconds: \"%lld\", or make "
		    "linkerd-proxy a native sidecar", (long long)need_s);
	else
		snprintf(out, len, "give %s a preStop sleep of %lld s, or make "
		    "it a native sidecar (an initContainer with "
		    "restartPolicy: Always)", p->name, (long long)need_s);
}

static int
check_proxy_drains_first(const struct lint_template *t,
    const struct lint_measured *m, const struct lint_opts *o, lint_report cb,
    void *ctx)
{
	struct lint_proxy		 px[PROXY_MAX];
	const struct lint_container	*c, *worst = NULL;
	enum budget_basis		 basis;
	double				 sd, need = 0, stay;
	int64_t				 ms, need_s;
	const char			*how;
	json_t				*nums;
	char				 fix[256], sdt[128], pst[96], a[32];
	char				 b[32], d[32];
	size_t				 np, i;
	int				 found = 0;

	if (!has_app(t) || (np = proxies(t, px, PROXY_MAX)) == 0)
		return (0);
	shutdown_of(m, o, &sd, &basis);
	/* an app whose sleep never ends is grace-budget's problem */
	for (i = 0; i < t->nc; i++) {
		c = &t->c[i];
		if (is_app(t, c) && !c->prestop.forever && (worst == NULL ||
		    prestop_of(c) + sd > need)) {
			worst = c;
			need = prestop_of(c) + sd;
		}
	}
	if (worst == NULL)
		return (0);
	need_s = budget_proxy_stay_s(need, o->margin_s);
	need += o->margin_s;
	for (i = 0; i < np; i++) {
		if (px[i].native || (ms = proxy_stay_ms(t, &px[i], &how)) < 0)
			continue;
		stay = (double)ms / 1000;
		if (stay >= need)
			continue;
		nums = json_pack("{s:s, s:o, s:o, s:o, s:s, s:o, s:I}",
		    "proxy", px[i].name, "proxy_stays_s", jsecs(stay),
		    "app_prestop_s", jsecs(prestop_of(worst)), "shutdown_s",
		    basis == BUDGET_UNKNOWN ? json_null() : jsecs(sd),
		    "shutdown_basis", basis_name(basis), "margin_s",
		    jsecs(o->margin_s), "recommended_stay_s",
		    (json_int_t)need_s);
		drain_fix(&px[i], need_s, fix, sizeof fix);
		shutdown_text(sd, basis, sdt, sizeof sdt);
		prestop_text(worst, pst, sizeof pst);
		found += report(cb, ctx, t, "proxy-drains-first", px[i].name,
		    nums, xasprintf("%s%s gets SIGTERM with the app and stays "
		    "%s (%s), but %s needs %s + %s + margin %s = %s: %s",
		    px[i].name, px[i].c == NULL ? " (injected)" : "",
		    secs(stay, a, sizeof a), how, worst->name, pst, sdt,
		    secs(o->margin_s, b, sizeof b), secs(round(need * 10) / 10,
		    d, sizeof d), fix));
	}
	return (found);
}

static int
check_proxy_starts_first(const struct lint_template *t,
    const struct lint_measured *m, const struct lint_opts *o, lint_report cb,
    void *ctx)
{
	struct lint_proxy	 px[PROXY_MAX];
	size_t			 np, i;
	int			 found = 0, hold = t->hold;

	if (!has_app(t) || (np = proxies(t, px, PROXY_MAX)) == 0)
		return (0);
	for (i = 0; i < t->nc; i++) {
		if (is_app(t, &t->c[i]) && t->c[i].command.len > 0 &&
		    strstr(t->c[i].command.data, "linkerd-await") != NULL)
			hold = 1;
	}
	for (i = 0; i < np; i++) {
		if (px[i].native || hold || (px[i].c != NULL &&
		    (px[i].c->hold_env || px[i].c->poststart.kind != NULL)))
			continue;
		found += report(cb, ctx, t, "proxy-starts-first", px[i].name,
		    json_pack("{s:s}", "proxy", px[i].name), xasprintf("%s%s "
		    "is a plain container: %s can start before it is ready and "
		    "have its first calls refused: %s", px[i].name,
		    px[i].c == NULL ? " (injected)" : "", first_app(t),
		    strcmp(px[i].name, "linkerd-proxy") == 0 ? "set the "
		    "annotation config.linkerd.io/proxy-await: \"enabled\", or "
		    "make it a native sidecar" : strcmp(px[i].name,
		    "istio-proxy") == 0 ? "set "
		    "holdApplicationUntilProxyStarts: true in the "
		    "proxy.istio.io/config annotation, or make it "
		    "a native sidecar" : "make it a native sidecar (an "
		    "initContainer with restartPolicy: Always), or have the "
		    "app wait for it"));
	}
	return (found);
}

static int
check_job_sidecar(const struct lint_template *t,
    const struct lint_measured *m, const struct lint_opts *o, lint_report cb,
    void *ctx)
{
	struct lint_proxy	 px[PROXY_MAX];
	size_t			 np, i, q;
	int			 found = 0, quits = 0;

	if (!t->job || !has_app(t) || (np = proxies(t, px, PROXY_MAX)) == 0)
		return (0);
	for (i = 0; i < t->nc; i++) {
		if (!is_app(t, &t->c[i]) || t->c[i].command.len == 0)
			continue;
		for (q = 0; quit_calls[q] != NULL; q++) {
			if (strstr(t->c[i].command.data, quit_calls[q]) !=
			    NULL)
				quits = 1;
		}
	}
	for (i = 0; i < np; i++) {
		if (px[i].native || quits)
			continue;
		found += report(cb, ctx, t, "job-sidecar", px[i].name,
		    json_pack("{s:s}", "proxy", px[i].name), xasprintf("%s%s "
		    "does not exit when %s ends, so the Job's pod keeps "
		    "running and the Job never completes: make it a native "
		    "sidecar (an "
		    "initContainer with restartPolicy: Always), or end the "
		    "main command with %s", px[i].name, px[i].c == NULL ?
		    " (injected)" : "", first_app(t), strcmp(px[i].name,
		    "linkerd-proxy") == 0 ? "linkerd-await --shutdown -- CMD" :
		    "a POST to the proxy's /quitquitquit (curl -fsS -X POST "
		    "http://127.0.0.1:15020/quitquitquit for istio-proxy)"));
	}
	return (found);
}

static int
check_job_deadline(const struct lint_template *t,
    const struct lint_measured *m, const struct lint_opts *o, lint_report cb,
    void *ctx)
{
	double	median, limit;
	int64_t	rec;
	char	a[32], b[32];

	if (!t->cronjob || m == NULL || m->median_ms == INT_NONE ||
	    m->median_ms <= 0)
		return (0);
	median = (double)m->median_ms / 1000;
	limit = 2 * median;
	rec = (int64_t)ceil(limit);
	if (t->deadline_s != INT_NONE && (double)t->deadline_s <= limit)
		return (0);
	return (report(cb, ctx, t, "job-deadline", first_app(t),
	    json_pack("{s:o, s:I, s:o, s:I}", "median_s", jsecs(median),
	    "runs", (json_int_t)m->runs, "active_deadline_s",
	    t->deadline_s == INT_NONE ? json_null() :
	    json_integer(t->deadline_s), "recommended_deadline_s",
	    (json_int_t)rec), xasprintf("the median of its %zu completed runs "
	    "is %s, but activeDeadlineSeconds is %s: set it to %lld (twice "
	    "the median), so a run held up fails instead of blocking the "
	    "next ones", m->runs, secs(round(median * 10) / 10, a, sizeof a),
	    t->deadline_s == INT_NONE ? "unset" : secs((double)t->deadline_s,
	    b, sizeof b), (long long)rec)));
}

const struct lint_check lint_checks[] = {
	{ .id = "grace-budget", .severity = "critical",
	    .what = "the grace period holds preStop + shutdown + margin",
	    .run = check_grace_budget },
	{ .id = "prestop-covers-lb", .severity = "critical",
	    .what = "the preStop outlasts the load balancer's measured lag",
	    .needs_db = 1, .run = check_prestop_covers_lb },
	{ .id = "proxy-drains-first", .severity = "critical",
	    .what = "a plain proxy sidecar stays until the app has drained",
	    .run = check_proxy_drains_first },
	{ .id = "proxy-starts-first", .severity = "warning",
	    .what = "the app waits for its plain proxy sidecar to start",
	    .run = check_proxy_starts_first },
	{ .id = "job-sidecar", .severity = "critical",
	    .what = "a Job's plain proxy sidecar has a way to exit",
	    .run = check_job_sidecar },
	{ .id = "job-deadline", .severity = "warning",
	    .what = "a CronJob's deadline is at most twice its median run",
	    .needs_db = 1, .run = check_job_deadline },
	{ .id = NULL }
};

int
lint_run(const struct lint_template *t, const struct lint_measured *m,
    const struct lint_opts *o, lint_report cb, void *ctx)
{
	const struct lint_check	*k;
	int			 n = 0;

	for (k = lint_checks; k->id != NULL; k++) {
		if (k->needs_db && !o->db)
			continue;
		n += k->run(t, m, o, cb, ctx);
	}
	return (n);
}
