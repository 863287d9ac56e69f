// Notices stack up at the bottom left, where the contact form's Send sits: while they are shown and cover the
// buttons, the page makes room below the form and scrolls the buttons just above the stack, so the visitor can
// press Send again without waiting for the notices to go; when they go, the room goes too.
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { notifyError, useNotifications } from '@portal/shared-ui';
import { useClearOfNotices } from './use-clear-of-notices';

function Form() {
  const target = useRef<HTMLDivElement>(null);
  const room = useRef<HTMLDivElement>(null);
  useClearOfNotices(target, room);
  return (
    <>
      <div ref={target} data-testid="actions" />
      <div ref={room} data-testid="room" />
    </>
  );
}

type Box = { top: number; bottom: number; left: number; right: number };
const rect = (b: Box) => ({ ...b, x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top });

let stack: HTMLElement;
let scrolled: jest.Mock;

/** Places the notice stack and the form's buttons on the screen (jsdom lays nothing out). */
function layout(stackBox: Box, buttons: Box) {
  stack.getBoundingClientRect = () => rect(stackBox) as DOMRect;
  const actions = document.querySelector<HTMLElement>('[data-testid="actions"]')!;
  actions.getBoundingClientRect = () => rect(buttons) as DOMRect;
  return actions;
}

beforeEach(() => {
  useNotifications.getState().clear();
  stack = document.createElement('div');
  stack.className = 'pui-notifications';
  document.body.append(stack);
  scrolled = jest.fn();
  Element.prototype.scrollIntoView = scrolled;
  // run the frame callback at once: no real timers
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    cb(0);
    return 1;
  });
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
});
afterEach(() => {
  stack.remove();
  jest.restoreAllMocks();
});

const room = () => document.querySelector<HTMLElement>('[data-testid="room"]')!;

it('makes room and scrolls the buttons above a stack that covers them', () => {
  render(<Form />);
  const actions = layout(
    { top: 600, bottom: 780, left: 0, right: 360 },
    { top: 700, bottom: 740, left: 20, right: 300 },
  );
  act(() => void notifyError('ERROR', 'Name must not be blank.'));
  expect(room().style.height).toBe('192px');
  expect(actions.style.scrollMarginBottom).toBe('212px');
  expect(scrolled).toHaveBeenCalledWith({ block: 'end', inline: 'nearest' });
  act(() => useNotifications.getState().clear());
  expect(room().style.height).toBe('0px');
});

it('leaves the page alone when the stack is beside the buttons', () => {
  render(<Form />);
  layout({ top: 600, bottom: 780, left: 0, right: 360 }, { top: 700, bottom: 740, left: 400, right: 700 });
  act(() => void notifyError('ERROR', 'x'));
  expect(room().style.height).toBe('0px');
  expect(scrolled).not.toHaveBeenCalled();
});

it('leaves the page alone when the buttons are well above the stack', () => {
  render(<Form />);
  layout({ top: 600, bottom: 780, left: 0, right: 360 }, { top: 300, bottom: 340, left: 20, right: 300 });
  act(() => void notifyError('ERROR', 'x'));
  expect(scrolled).not.toHaveBeenCalled();
});

it('does nothing while the stack has no height yet, or is not on the page', () => {
  render(<Form />);
  layout({ top: 780, bottom: 780, left: 0, right: 360 }, { top: 700, bottom: 790, left: 20, right: 300 });
  act(() => void notifyError('ERROR', 'x'));
  expect(scrolled).not.toHaveBeenCalled();
  stack.remove();
  act(() => void notifyError('ERROR', 'y'));
  expect(scrolled).not.toHaveBeenCalled();
});
