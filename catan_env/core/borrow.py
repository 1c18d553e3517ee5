"""Borrowed array views: the same array without numba's reference count.

Every jitted function that is not inlined increments the reference count of
each array argument on entry and decrements it on exit, and numba counts with
atomic instructions. In a game loop that is several atomic pairs per call of
``legal_actions`` / ``step`` and of every rule they call in turn: measured on
random base games, the count traffic was a third of all the time (1.5x more
games/s without it, the same games).

:func:`borrow` returns a view of an array's data with no owner (a null
``meminfo``), for which numba's increments and decrements test a null pointer
and return. A loop borrows its arrays once, before it starts, and hands the
views to the rules; the views are valid as long as the arrays they were taken
from, which the loop's caller holds for the whole call. A borrowed view must
therefore never outlive its call: never return it, store it in a container
that outlives the call, or hand it back to Python.
"""

from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def borrow(typingctx, arr):
    """A view of ``arr`` (any numba array) with the same type, data, shape and
    strides, and no reference count (see the module docstring for the rule)."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, sig, args):
        src = context.make_array(sig.args[0])(context, builder, value=args[0])
        view = context.make_array(sig.return_type)(context, builder)
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        view.nitems = src.nitems
        view.itemsize = src.itemsize
        view.data = src.data
        view.shape = src.shape
        view.strides = src.strides
        return view._getvalue()

    return arr(arr), codegen


@intrinsic
def stack_buffer(typingctx, size):
    """A 1-D int64 array of ``size`` words (a compile-time constant) in the calling
    function's stack frame, uninitialised and with no reference count.

    For the scratch a rule needs on every call (a search's stack): an ``np.empty``
    there is a heap allocation and a free per call. The same rule as for
    :func:`borrow` holds, more strictly: the buffer lives only as long as the
    jitted function that asked for it, so it may be handed down to the functions
    it calls but never returned or stored.
    """
    if not isinstance(size, types.IntegerLiteral):
        return None
    n = size.literal_value
    arr_t = types.Array(types.int64, 1, "C")

    def codegen(context, builder, sig, args):
        item = context.get_data_type(types.int64)
        # In the entry block: one slot per call of the enclosing function,
        # however often a loop reaches this line.
        data = cgutils.alloca_once(builder, item, size=n)
        view = context.make_array(arr_t)(context, builder)
        itemsize = context.get_constant(types.intp, 8)
        context.populate_array(
            view,
            data=data,
            shape=cgutils.pack_array(builder, [context.get_constant(types.intp, n)]),
            strides=cgutils.pack_array(builder, [itemsize]),
            itemsize=itemsize,
            meminfo=None,
        )
        return view._getvalue()

    return arr_t(size), codegen
