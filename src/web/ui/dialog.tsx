import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal dialog on the browser's own `<dialog>` (focus kept inside, Escape closes, the page
 * behind is inert). Shown while mounted; `onClose` when the reader dismisses it.
 */
export function Dialog({
  title,
  onClose,
  children,
  className = '',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    // Escape closes a modal <dialog> natively; the click handler only adds closing by the backdrop.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way out is the browser's own Escape
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby="dialog-title"
      onClose={onClose}
      onClick={(e) => {
        // A tap on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="dialog-body">
        <h2 id="dialog-title">{title}</h2>
        {children}
      </div>
    </dialog>
  );
}
