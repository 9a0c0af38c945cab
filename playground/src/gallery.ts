/**
 * The component gallery: one surface with every basic-catalog component, a few accessibility
 * attributes, checks on inputs, an action the scripted agent answers, and two broken references
 * (a component never sent, a type no catalog has) so the placeholders show.
 */
import { BASIC_CATALOG_ID } from '../../src/index';

const v = <T extends object>(body: T) => ({ version: 'v1.0' as const, ...body });
const S = 'gallery';

/** A small offline picture (no network needed). */
const PICTURE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" fill="#cfe3ff"/>' +
      '<circle cx="124" cy="26" r="12" fill="#ffd45c"/><path d="M0 100 L52 40 L86 78 L108 56 L160 100 Z" fill="#3f7bd6"/></svg>',
  );

export const GALLERY = [
  v({ createSurface: { surfaceId: S, catalogId: BASIC_CATALOG_ID, sendDataModel: true } }),
  v({
    updateDataModel: {
      surfaceId: S,
      value: {
        traveller: { name: '', email: '', notes: '', bags: 1, password: '', window: true, date: '2027-03-14', departure: '2027-03-14T09:30', time: '18:45' },
        meals: ['veg'],
        extras: [],
        volume: 40,
        tags: [{ name: 'Beach' }, { name: 'Museums' }, { name: 'Food' }, { name: 'Hiking' }],
        status: 'Nothing booked yet.',
      },
    },
  }),
  v({
    updateComponents: {
      surfaceId: S,
      components: [
        { id: 'root', component: 'Column', children: ['title', 'intro', 'caption', 'media', 'divider', 'tabs', 'modal', 'tags_title', 'tags', 'broken_row'] },
        { id: 'title', component: 'Text', text: '# Component gallery' },
        {
          id: 'intro',
          component: 'Text',
          text: 'Every **basic catalog** component, drawn by the playground\'s _generic_ renderer ([about A2UI](https://a2ui.org)).',
        },
        { id: 'caption', component: 'Text', variant: 'caption', text: 'Captions are smaller and muted.' },
        { id: 'media', component: 'Row', align: 'center', children: ['picture', 'icons', 'media_col'] },
        { id: 'picture', component: 'Image', url: PICTURE, description: 'Mountains by a lake', variant: 'smallFeature', fit: 'cover' },
        { id: 'icons', component: 'Row', align: 'center', children: ['i_search', 'i_star', 'i_fav', 'i_settings', 'i_svg'] },
        { id: 'i_search', component: 'Icon', name: 'search', accessibility: { label: 'Search' } },
        { id: 'i_star', component: 'Icon', name: 'star' },
        { id: 'i_fav', component: 'Icon', name: 'favorite' },
        { id: 'i_settings', component: 'Icon', name: 'settings' },
        { id: 'i_svg', component: 'Icon', name: { svgPath: 'M12 2 L15 9 L22 9 L16.5 13.5 L18.5 21 L12 16.5 L5.5 21 L7.5 13.5 L2 9 L9 9 Z' } },
        { id: 'media_col', component: 'Column', weight: 1, children: ['video', 'audio'] },
        { id: 'video', component: 'Video', url: 'https://example.com/media/harbour.mp4', posterUrl: PICTURE },
        { id: 'audio', component: 'AudioPlayer', url: 'https://example.com/media/boarding-call.mp3', description: 'Boarding call' },
        { id: 'divider', component: 'Divider' },
        {
          id: 'tabs',
          component: 'Tabs',
          tabs: [
            { title: 'Traveller', child: 'traveller_card' },
            { title: 'Preferences', child: 'prefs' },
          ],
        },
        { id: 'traveller_card', component: 'Card', child: 'traveller_form' },
        {
          id: 'traveller_form',
          component: 'Column',
          children: ['name', 'email', 'notes', 'bags', 'password', 'window', 'dates', 'book_row', 'status'],
        },
        {
          id: 'name',
          component: 'TextField',
          label: 'Name',
          placeholder: 'As on the passport',
          value: { path: '/traveller/name' },
          checks: [{ condition: { call: 'required', args: { value: { path: '/traveller/name' } } }, message: 'A name is needed' }],
        },
        {
          id: 'email',
          component: 'TextField',
          label: 'Email',
          value: { path: '/traveller/email' },
          accessibility: { description: 'The confirmation is sent there' },
          checks: [{ condition: { call: 'email', args: { value: { path: '/traveller/email' } } }, message: 'Not an email address' }],
        },
        { id: 'notes', component: 'TextField', label: 'Notes', variant: 'longText', value: { path: '/traveller/notes' } },
        { id: 'bags', component: 'TextField', label: 'Bags', variant: 'number', value: { path: '/traveller/bags' } },
        { id: 'password', component: 'TextField', label: 'Frequent flyer PIN', variant: 'obscured', value: { path: '/traveller/password' } },
        { id: 'window', component: 'CheckBox', label: 'Window seat', value: { path: '/traveller/window' } },
        { id: 'dates', component: 'Row', children: ['date', 'departure', 'time'] },
        { id: 'date', component: 'DateTimeInput', label: 'Date', enableDate: true, value: { path: '/traveller/date' } },
        { id: 'departure', component: 'DateTimeInput', label: 'Departure', enableDate: true, enableTime: true, value: { path: '/traveller/departure' } },
        { id: 'time', component: 'DateTimeInput', label: 'Arrival time', enableTime: true, value: { path: '/traveller/time' } },
        { id: 'book_row', component: 'Row', align: 'center', children: ['book', 'clear'] },
        {
          id: 'book',
          component: 'Button',
          variant: 'primary',
          child: 'book_label',
          checks: [{ condition: { call: 'required', args: { value: { path: '/traveller/name' } } }, message: 'A name is needed' }],
          action: { event: { name: 'book', context: { name: { path: '/traveller/name' }, window: { path: '/traveller/window' } } } },
        },
        { id: 'book_label', component: 'Text', text: 'Book' },
        { id: 'clear', component: 'Button', variant: 'borderless', child: 'clear_label', action: { event: { name: 'clear' } } },
        { id: 'clear_label', component: 'Text', text: 'Start over' },
        { id: 'status', component: 'Text', variant: 'caption', text: { path: '/status' }, accessibility: { live: 'polite' } },
        { id: 'prefs', component: 'Column', children: ['meals', 'extras', 'volume', 'volume_label'] },
        {
          id: 'meals',
          component: 'ChoicePicker',
          label: 'Meal',
          variant: 'mutuallyExclusive',
          options: [
            { label: 'Vegetarian', value: 'veg' },
            { label: 'Fish', value: 'fish' },
            { label: 'Chicken', value: 'chicken' },
          ],
          value: { path: '/meals' },
        },
        {
          id: 'extras',
          component: 'ChoicePicker',
          label: 'Extras',
          variant: 'multipleSelection',
          displayStyle: 'chips',
          filterable: true,
          options: [
            { label: 'Lounge', value: 'lounge' },
            { label: 'Fast track', value: 'fast' },
            { label: 'Extra legroom', value: 'legroom' },
            { label: 'Insurance', value: 'insurance' },
          ],
          value: { path: '/extras' },
        },
        { id: 'volume', component: 'Slider', label: 'Cabin announcements volume', min: 0, max: 100, steps: 10, value: { path: '/volume' } },
        { id: 'volume_label', component: 'Text', text: { call: 'formatString', args: { value: 'Volume: ${/volume}%' } } },
        { id: 'modal', component: 'Modal', trigger: 'modal_button', content: 'modal_card' },
        { id: 'modal_button', component: 'Button', child: 'modal_label', action: { event: { name: 'rules_opened' } } },
        { id: 'modal_label', component: 'Text', text: 'Fare rules…' },
        { id: 'modal_card', component: 'Column', children: ['rules_title', 'rules_text'] },
        { id: 'rules_title', component: 'Text', text: '## Fare rules' },
        { id: 'rules_text', component: 'Text', text: 'Changes are allowed up to **24 hours** before departure. *Refunds* are not.' },
        { id: 'tags_title', component: 'Text', text: '### Interests (a horizontal template list)' },
        { id: 'tags', component: 'List', direction: 'horizontal', children: { componentId: 'tag', path: '/tags' } },
        { id: 'tag', component: 'Card', child: 'tag_text' },
        { id: 'tag_text', component: 'Text', text: { call: 'formatString', args: { value: '${@index(offset: 1)}. ${name}' } } },
        { id: 'broken_row', component: 'Row', children: ['never_sent', 'vertical', 'strange'] },
        { id: 'vertical', component: 'Divider', axis: 'vertical' },
        { id: 'strange', component: 'Hologram', beam: 'blue' },
      ],
    },
  }),
];
