// The top bar's product, services and digitalization links go to external pages (spec section 2), in the
// visitor's language, and each can be set by the deployment.
const KEYS = ['PUBLIC_SITE_URL', 'PUBLIC_PRODUCT_URL', 'PUBLIC_SERVICES_URL', 'PUBLIC_DIGITALIZATION_URL'];

function configWith(env: Record<string, string>): typeof import('./config') {
  const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, env);
  try {
    let loaded: typeof import('./config') | undefined;
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof import('./config')>('./config');
    });
    return loaded!;
  } finally {
    for (const k of KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  }
}

it('by default the three links are pages of the publisher’s site in the visitor’s language', () => {
  const { siteLinks, isExternal } = configWith({});
  const es = siteLinks('es');
  const en = siteLinks('en');
  for (const href of [...Object.values(es), ...Object.values(en)]) expect(isExternal(href)).toBe(true);
  expect(es.product).toBe('https://www.demo-logistics.example/es/container-tracking');
  expect(en.services).toBe('https://www.demo-logistics.example/en/services');
  expect(en.digitalization).toBe('https://www.demo-logistics.example/en/digitalization');
  expect(siteLinks('fr').product).toContain('/es/');
});

it('a deployment sets the site, or each link, with {lang} standing for the language', () => {
  const { siteLinks } = configWith({
    PUBLIC_SITE_URL: 'https://logistics.example.com/',
    PUBLIC_SERVICES_URL: 'https://services.example.com/{lang}/index.html',
  });
  expect(siteLinks('en')).toEqual({
    product: 'https://logistics.example.com/en/container-tracking',
    services: 'https://services.example.com/en/index.html',
    digitalization: 'https://logistics.example.com/en/digitalization',
  });
});
