// Writes the prerendered public pages into the shell's build: /index.html (landing), /contact/index.html,
// /terms-conditions/index.html, /privacy-policy/index.html, each the shell's index.html plus
//  - the page's markup in Spanish (the default) in <div id="pre">, the English one in <template id="pre-en">;
//  - <html lang>, <title> and <meta name="description"> per language (Spanish in the file; a small script,
//    /prerender-head.js, switches them to English when local storage says lang=en, before the first paint);
//  - the design-system and public-site CSS inline, so the page paints styled before any JavaScript;
//  - #root hidden while `html.pre-active`: the shell boots underneath and the public page, once mounted,
//    removes the copy in the same frame (mfe-public/src/lib/prerender-handoff.ts). The index.html is also the
//    shell's fallback for every other path, where the script drops the copy at once.
const { execFile } = require('node:child_process');
const path = require('node:path');

const RENDER_TIMEOUT_MS = 120_000;

function renderPages(root) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'mfe-public/prerender/render.tsx')],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          TSX_TSCONFIG_PATH: path.join(root, 'mfe-public/prerender/tsconfig.json'),
        },
        maxBuffer: 64 * 1024 * 1024,
        timeout: RENDER_TIMEOUT_MS,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`prerender failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
  });
}

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The site's own <style> comes out of each markup and goes once into <head>. */
function splitStyles(html) {
  const styles = [];
  const markup = html.replace(/<style>([\s\S]*?)<\/style>/g, (_m, css) => {
    styles.push(css);
    return '';
  });
  return { markup, styles };
}

// The portal's static server sends a Content-Security-Policy without 'unsafe-inline' scripts: the two small
// scripts are files of their own (same for every page); the page's data is in <meta> tags.
const HEAD_SCRIPT = `(function(){var d=document.documentElement,q=function(n){var m=document.querySelector('meta[name="'+n+'"]');return m?m.getAttribute('content'):''};var p=location.pathname.replace(/\\/+$/,'')||'/';if(p!==q('pre-path')){d.classList.add('pre-off');return}var l;try{l=localStorage.getItem('lang')}catch(e){}if(l==='en'){d.lang='en';document.title=q('pre-title-en');var m=document.querySelector('meta[name=description]');if(m)m.setAttribute('content',q('pre-description-en'));d.classList.add('pre-en')}d.classList.add('pre-active')})();`;
const BODY_SCRIPT = `(function(){var d=document.documentElement,pre=document.getElementById('pre');if(!d.classList.contains('pre-active')){if(pre)pre.remove();return}if(d.classList.contains('pre-en')){pre.replaceChildren(document.getElementById('pre-en').content.cloneNode(true));d.classList.remove('pre-en')}setTimeout(function(){var p=document.getElementById('pre');if(p)p.remove();d.classList.remove('pre-active')},15000)})();`;
const SCRIPT_FILES = { 'prerender-head.js': HEAD_SCRIPT, 'prerender-body.js': BODY_SCRIPT };

function pageHtml(template, css, route) {
  const es = splitStyles(route.es.html);
  const en = splitStyles(route.en.html);
  const siteCss = [...new Set([...es.styles, ...en.styles])].join('\n');
  const head = [
    `<meta name="description" content="${escapeAttr(route.es.description)}" />`,
    `<meta name="pre-path" content="${escapeAttr(route.path)}" />`,
    `<meta name="pre-title-en" content="${escapeAttr(route.en.title)}" />`,
    `<meta name="pre-description-en" content="${escapeAttr(route.en.description)}" />`,
    `<style id="pui-styles" data-owner="@portal/shared-ui">${css}</style>`,
    `<style>html.pre-active #root,html.pre-off #pre,html.pre-en #pre{display:none}${siteCss}</style>`,
    `<script src="/prerender-head.js"></script>`,
  ].join('\n    ');
  const body = [
    `<div id="pre">${es.markup}</div>`,
    `<template id="pre-en">${en.markup}</template>`,
    `<script src="/prerender-body.js"></script>`,
  ].join('\n    ');
  return template
    .replace(/<html lang="[^"]*">/, '<html lang="es">')
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(route.es.title)}</title>`)
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', `${body}\n    <div id="root"></div>`);
}

class PrerenderPublicPagesPlugin {
  constructor({ root }) {
    this.root = root;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrerenderPublicPagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrerenderPublicPagesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const index = compilation.getAsset('index.html');
          if (!index) throw new Error('PrerenderPublicPagesPlugin: index.html was not emitted');
          const template = index.source.source().toString();
          const { css, routes } = await renderPages(this.root);
          for (const [file, code] of Object.entries(SCRIPT_FILES)) {
            compilation.emitAsset(file, new sources.RawSource(code));
          }
          for (const route of routes) {
            const source = new sources.RawSource(pageHtml(template, css, route));
            if (route.file === 'index.html') compilation.updateAsset('index.html', source);
            else compilation.emitAsset(route.file, source);
          }
        },
      );
    });
  }
}

module.exports = { PrerenderPublicPagesPlugin, pageHtml };
