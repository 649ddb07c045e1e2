/*
 * The explorer page (/docs) in the browser: says which role it holds, and makes becoming admin
 * one step. The page fetches a guest token and sends it on requests that carry no bearer of
 * their own (public operations); the Authorize dialog stays empty, so pasting an admin token
 * there just works, and that token goes with the admin operations. The token field is masked.
 * swagger-ui-init.js hands Swagger UI the hooks this script puts on window.portfolioExplorer.
 */
(function () {
  'use strict';

  const TOKEN_PATH = '/api/explorer-token';
  const MESSAGES = {
    guest:
      'Role: guest. Public operations work as they are. To change content, click Authorize, paste your admin token ' +
      '(API_ADMIN_TOKEN or an Entra ID access token) and click Authorize.',
    checking: 'Checking the token you authorized…',
    admin: 'Role: admin. Admin operations send the token you authorized; Logout in the Authorize dialog returns to guest.',
    refused: 'That token is not an admin token: admin operations will answer 401. Open Authorize, Logout, and paste the right one.',
  };
  const COLOURS = { guest: '#1f6feb', checking: '#6e7781', admin: '#1a7f37', refused: '#cf222e' };

  let guestToken = null;
  let authorizedToken = null;

  function banner() {
    let element = document.getElementById('explorer-role');
    if (!element) {
      element = document.createElement('div');
      element.id = 'explorer-role';
      element.setAttribute('role', 'status');
      element.style.cssText = 'padding:10px 20px;color:#fff;font:600 14px/1.4 sans-serif';
      document.body.insertBefore(element, document.body.firstChild);
    }
    return element;
  }

  function show(role) {
    const element = banner();
    element.dataset.role = role;
    element.textContent = MESSAGES[role];
    element.style.background = COLOURS[role];
  }

  /** Asks the service what the authorized token is worth: role admin, or refused. */
  function checkAuthorized(token) {
    show('checking');
    fetch(TOKEN_PATH, { headers: { Authorization: 'Bearer ' + token } })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (body) {
        if (token === authorizedToken) show(body && body.role === 'admin' ? 'admin' : 'refused');
      })
      .catch(function () {
        if (token === authorizedToken) show('refused');
      });
  }

  /** Follows the Authorize dialog through Swagger UI's store: a token pasted, or a logout. */
  function followAuthorization(ui) {
    ui.getStore().subscribe(function () {
      const bearer = ui.authSelectors.authorized().getIn(['bearer', 'value']) || null;
      if (bearer === authorizedToken) return;
      authorizedToken = bearer;
      if (bearer) checkAuthorized(bearer);
      else show('guest');
    });
  }

  /** Token fields show dots, as a password field does. */
  function maskTokenFields() {
    new MutationObserver(function () {
      document.querySelectorAll('.auth-container input[type=text]').forEach(function (input) {
        input.type = 'password';
        input.autocomplete = 'off';
      });
    }).observe(document.body, { childList: true, subtree: true });
  }

  /** swagger-ui-init.js sets window.ui once Swagger UI is built, which may be just after onComplete. */
  function whenUiIsSet(then) {
    if (window.ui) then(window.ui);
    else setTimeout(whenUiIsSet, 20, then);
  }

  window.portfolioExplorer = {
    onComplete: function () {
      show('guest');
      maskTokenFields();
      whenUiIsSet(followAuthorization);
      fetch(TOKEN_PATH)
        .then(function (response) {
          return response.json();
        })
        .then(function (body) {
          guestToken = body.token || null;
        })
        .catch(function () {
          guestToken = null;
        });
    },
    /** The guest token goes only where no bearer does: an authorized admin token is never replaced. */
    requestInterceptor: function (request) {
      if (guestToken && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + guestToken;
      return request;
    },
  };
})();
