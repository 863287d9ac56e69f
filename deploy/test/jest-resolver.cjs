// Resolves kubernetes-models, its @kubernetes-models/* packages and the CIDR checks they use by their "import" export condition (they
// have no "require" one); everything else as jest always does.
const ESM_ONLY = /^(kubernetes-models|@kubernetes-models\/[^/]+|is-cidr|cidr-regex|ip-regex)(\/|$)/;

module.exports = (request, options) =>
  options.defaultResolver(
    request,
    ESM_ONLY.test(request) ? { ...options, conditions: ['import', 'default'] } : options,
  );
