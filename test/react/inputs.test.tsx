/**
 * @jest-environment jsdom
 *
 * The basic catalog's interactive components: roles and accessible names, input written to the
 * data model through valueWritten, actions reaching the agent with their context, and checks
 * drawn as alerts tied to the control.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderSurface } from './harness';

let stop: (() => void) | undefined;
afterEach(() => stop?.());
function draw(...args: Parameters<typeof renderSurface>) {
  const setup = renderSurface(...args);
  stop = setup.stop;
  return setup;
}
const node = (id: string) => document.querySelector(`[data-component-id="${id}"]`) as HTMLElement;
const required = (path: string, message: string) => [{ condition: { call: 'required', args: { value: { path } } }, message }];

describe('Button', () => {
  const button = (checks?: unknown) => [
    { id: 'root', component: 'Button', child: 'label', variant: 'primary', action: { event: { name: 'book', context: { who: { path: '/name' }, source: 'test' } } }, ...(checks ? { checks } : {}) },
    { id: 'label', component: 'Text', text: 'Book' },
  ];

  it('is a button named by its child; a click sends the action with its context to the agent', async () => {
    const s = draw(button(), { name: 'Ada' });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(s.actions()).toHaveLength(1));
    expect(s.actions()[0]).toMatchObject({ name: 'book', surfaceId: 's', sourceComponentId: 'root', context: { who: 'Ada', source: 'test' } });
  });

  it('is disabled with its failed check as an alert it is described by, and enabled once the check passes', async () => {
    const s = draw(button(required('/name', 'A name is needed')), { name: '' });
    const control = screen.getByRole('button', { name: 'Book' });
    expect((control as HTMLButtonElement).disabled).toBe(true);
    const alert = screen.getByRole('alert');
    // The required function's own message wins over the check's (the resolver's rule).
    expect(alert.textContent).toMatch(/required|needed/i);
    expect(control.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    fireEvent.click(control);
    s.receive({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/name', value: 'Ada' } });
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(s.actions()).toEqual([]);
  });
});

describe('TextField', () => {
  it('is a textbox named by its label; typing writes the bound path and the field shows it', () => {
    const s = draw([{ id: 'root', component: 'TextField', label: 'Name', placeholder: 'As on the passport', value: { path: '/name' } }], { name: 'A' });
    const box = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(box.value).toBe('A');
    expect(box.placeholder).toBe('As on the passport');
    fireEvent.change(box, { target: { value: 'Ada' } });
    expect(s.dataModel()).toEqual({ name: 'Ada' });
    expect(box.value).toBe('Ada');
  });

  it('number, obscured and longText variants use the matching controls; a number is written as a number', () => {
    const s = draw(
      [
        { id: 'root', component: 'Column', children: ['n', 'p', 'l'] },
        { id: 'n', component: 'TextField', label: 'Bags', variant: 'number', value: { path: '/bags' } },
        { id: 'p', component: 'TextField', label: 'PIN', variant: 'obscured', value: { path: '/pin' } },
        { id: 'l', component: 'TextField', label: 'Notes', variant: 'longText', value: { path: '/notes' } },
      ],
      { bags: 1, pin: '', notes: '' },
    );
    const bags = screen.getByRole('spinbutton', { name: 'Bags' });
    fireEvent.change(bags, { target: { value: '3' } });
    expect(s.dataModel().bags).toBe(3);
    expect((screen.getByLabelText('PIN') as HTMLInputElement).type).toBe('password');
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes.tagName).toBe('TEXTAREA');
    fireEvent.change(notes, { target: { value: 'line one\nline two' } });
    expect(s.dataModel().notes).toBe('line one\nline two');
  });

  it('a failed check marks the control invalid and describes it with the message', () => {
    const s = draw([{ id: 'root', component: 'TextField', label: 'Name', value: { path: '/name' }, checks: required('/name', 'A name is needed') }], { name: '' });
    const box = screen.getByRole('textbox', { name: 'Name' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/required|needed/i);
    expect(node('root').getAttribute('data-valid')).toBe('false');
    fireEvent.change(box, { target: { value: 'Ada' } });
    expect(s.dataModel().name).toBe('Ada');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is read only when its value is not bound to the data model', () => {
    draw([{ id: 'root', component: 'TextField', label: 'Fixed', value: 'literal' }]);
    expect((screen.getByRole('textbox', { name: 'Fixed' }) as HTMLInputElement).readOnly).toBe(true);
  });
});

describe('CheckBox', () => {
  it('is a checkbox named by its label; a click writes the boolean', () => {
    const s = draw([{ id: 'root', component: 'CheckBox', label: 'Window seat', value: { path: '/window' } }], { window: false });
    const box = screen.getByRole('checkbox', { name: 'Window seat' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(s.dataModel().window).toBe(true);
    expect(box.checked).toBe(true);
  });
});

describe('DateTimeInput', () => {
  it('uses date, time or datetime-local inputs by what is enabled, and writes ISO 8601', () => {
    const s = draw(
      [
        { id: 'root', component: 'Column', children: ['d', 't', 'dt'] },
        { id: 'd', component: 'DateTimeInput', label: 'Date', enableDate: true, value: { path: '/d' }, min: '2027-01-01' },
        { id: 't', component: 'DateTimeInput', label: 'Time', enableTime: true, value: { path: '/t' } },
        { id: 'dt', component: 'DateTimeInput', label: 'Departure', enableDate: true, enableTime: true, value: { path: '/dt' } },
      ],
      { d: '2027-03-14', t: '18:45', dt: '2027-03-14T09:30Z' },
    );
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    expect([date.type, date.value, date.min]).toEqual(['date', '2027-03-14', '2027-01-01']);
    const time = screen.getByLabelText('Time') as HTMLInputElement;
    expect([time.type, time.value]).toEqual(['time', '18:45']);
    const departure = screen.getByLabelText('Departure') as HTMLInputElement;
    expect([departure.type, departure.value]).toEqual(['datetime-local', '2027-03-14T09:30']);
    fireEvent.change(date, { target: { value: '2027-04-01' } });
    expect(s.dataModel().d).toBe('2027-04-01');
  });
});

describe('ChoicePicker', () => {
  const options = [
    { label: 'Vegetarian', value: 'veg' },
    { label: 'Fish', value: 'fish' },
    { label: 'Chicken', value: 'chicken' },
  ];

  it('a single choice is a named group of radios; picking one writes a one-item list', () => {
    const s = draw([{ id: 'root', component: 'ChoicePicker', label: 'Meal', variant: 'mutuallyExclusive', options, value: { path: '/meal' } }], { meal: ['veg'] });
    const group = screen.getByRole('group', { name: 'Meal' });
    expect((within(group).getByRole('radio', { name: 'Vegetarian' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'Fish' }));
    expect(s.dataModel().meal).toEqual(['fish']);
    expect((within(group).getByRole('radio', { name: 'Fish' }) as HTMLInputElement).checked).toBe(true);
  });

  it('multiple choice as chips toggles pressed buttons, and the filter narrows the options', () => {
    const s = draw(
      [{ id: 'root', component: 'ChoicePicker', label: 'Meals', variant: 'multipleSelection', displayStyle: 'chips', filterable: true, options, value: { path: '/meals' } }],
      { meals: [] },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fish' }));
    fireEvent.click(screen.getByRole('button', { name: 'Chicken' }));
    expect(s.dataModel().meals).toEqual(['fish', 'chicken']);
    expect(screen.getByRole('button', { name: 'Fish' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Fish' }));
    expect(s.dataModel().meals).toEqual(['chicken']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter the options' }), { target: { value: 'veg' } });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Vegetarian']);
  });
});

describe('Slider', () => {
  it('is a slider named by its label within min and max; moving it writes a number', () => {
    const s = draw([{ id: 'root', component: 'Slider', label: 'Volume', min: 0, max: 50, steps: 5, value: { path: '/volume' } }], { volume: 20 });
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['0', '50', '10', '20']);
    fireEvent.change(slider, { target: { value: '30' } });
    expect(s.dataModel().volume).toBe(30);
    expect(within(node('root')).getByText('30').tagName).toBe('OUTPUT');
  });
});
