import { render } from 'preact';
import { App } from './app.js';
import { KeystoneGate } from './sign-in.js';
import './styles.css';

render(
  <KeystoneGate>
    <App />
  </KeystoneGate>,
  document.getElementById('app')!,
);
