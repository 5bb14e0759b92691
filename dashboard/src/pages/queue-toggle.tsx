/** "Add to queue" in compose: the post takes the first free slot of the posting schedule instead of a time. */
export function QueueToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label class="check queue-toggle">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} /> Add to queue (its next free
      slot)
    </label>
  );
}
