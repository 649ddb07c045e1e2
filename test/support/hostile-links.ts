/** Links no owner's page may carry: every link an owner writes is served publicly, and rendered by the SPA (audit, round three, item 9). */
export const HOSTILE_LINKS = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'ftp://files.example.com/x',
];
